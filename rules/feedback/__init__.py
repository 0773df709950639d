"""What players saw (issue 32): per card and release, statistics from people's finished live tables, and players'
playtest notes on cards, tagged with a release, which designers read per card and mark addressed by a release.

The cards app holds the note's model (`cards.models.CardNote`) and may not import the rules app's games; this
package, above both, reads the games (`stats`), checks a note's evidence (`services`) and serves the card page's
panel (a template tag), the designers' page and the API."""
