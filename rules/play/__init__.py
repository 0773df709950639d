"""The play layer the game features share (goldfish, versus, lab): who is acting (`actors`), decks into games
(`decks`), storing, replaying and snapshotting a game with one conditional save (`store`), what a client is shown of
a game (`payload`, `serializers`, `api`) and the charts. It imports none of the features; they import it."""
