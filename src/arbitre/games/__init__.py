"""The rule systems arbitre referees, one package each."""
