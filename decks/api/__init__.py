"""The decks REST API: validate and measure any decklist, and keep your own decks with their history.

Views stay thin: they read the request with a serializer, call `decks.selectors` (reads, who may see what) or
`decks.services` (writes, one transaction each) and render the result. Judgement and statistics are the pure
functions of `decks.validation` and `decks.stats`, fed the compiled catalogue.

One module per sub-domain, each holding its views and the helpers only they use: `decklists` (any decklist, no
account), `saved_decks` (the deck list and one deck: read, write, export, fork, deal), `versions` (history, diff,
restore), `collection` (the cards you own), `community` (likes, tags, comments, reports, authors); `common` holds
what several share (error answers, reading a decklist, the deck you may edit). `decks/api_urls.py` routes to them.
"""
