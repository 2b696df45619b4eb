"""A game setup the save tests share."""

RULES = {"players": 3, "monuments": True, "random_crops": False}
SEATS = [{"name": "Ana", "kind": "human", "colour": 0},
         {"name": "Imhotep", "kind": "hard", "colour": 1},
         {"name": "Tiye", "kind": "easy", "colour": 2}]
