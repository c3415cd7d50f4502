"""The refusals of a Champs de Bataille battlefield file (board.py), in French and English:
`config.champs.bf.<problem>`, each naming the file and the field (AMB-CB-1, AMB-CB-17,
AMB-CB-24, CB-27)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        f"config.champs.bf.{key}": {"fr": fr, "en": en}
        for key, fr, en in (
            (
                "unknown_key",
                "{ $file } : champ inconnu « { $field } » ; champs connus : { $known }",
                "{ $file }: unknown field '{ $field }'; known fields: { $known }",
            ),
            (
                "line",
                "{ $file } : la ligne de départ doit être « bottom » ou « top », pas { $value }",
                "{ $file }: start line must be 'bottom' or 'top', got { $value }",
            ),
            (
                "field_int",
                "{ $file } : le champ « { $field } » manque ou n'est pas un nombre entier",
                "{ $file }: field '{ $field }' missing or not a whole number",
            ),
            (
                "field_list",
                "{ $file } : le champ « { $field } » manque ou n'est pas une liste",
                "{ $file }: field '{ $field }' missing or not a list",
            ),
            (
                "field_dict",
                "{ $file } : le champ « { $field } » manque ou n'est pas une table",
                "{ $file }: field '{ $field }' missing or not a table",
            ),
            (
                "size",
                "{ $file } : la largeur et la hauteur doivent être comprises entre 3 et 30",
                "{ $file }: width and height must be between 3 and 30",
            ),
            (
                "obstacle",
                "{ $file } : l'obstacle { $item } n'est pas une case [x, y] de la grille",
                "{ $file }: obstacle { $item } is not an [x, y] on the grid",
            ),
            (
                "lines",
                "{ $file } : les deux lignes de départ doivent être différentes",
                "{ $file }: the two start lines must differ",
            ),
            (
                "on_line",
                "{ $file } : un obstacle se trouve sur une ligne de départ",
                "{ $file }: an obstacle stands on a start line",
            ),
            (
                "deck_type",
                "{ $file } : la pioche nomme un type de troupe inconnu, « { $type } »",
                "{ $file }: the deck names an unknown troop type, '{ $type }'",
            ),
            (
                "deck_count",
                "{ $file } : le nombre de cartes « { $type } » doit être un nombre entier de 0 "
                "à { $most }",
                "{ $file }: the deck count for '{ $type }' must be a whole number 0-{ $most }",
            ),
            (
                "objective",
                "{ $file } : l'objectif doit être l'un de : { $choices }",
                "{ $file }: the objective must be one of: { $choices }",
            ),
            (
                "rounds",
                "{ $file } : « rounds » doit être un nombre entier de 1 à { $most }",
                "{ $file }: 'rounds' must be a whole number 1-{ $most }",
            ),
            (
                "hold",
                "{ $file } : « hold » doit être un nombre entier de tours du MJ, de 1 à { $most }",
                "{ $file }: 'hold' must be a whole number of MJ turns 1-{ $most }",
            ),
            (
                "flyers",
                "{ $file } : « flyers_count » doit valoir true ou false",
                "{ $file }: 'flyers_count' must be true or false",
            ),
            (
                "tokens",
                "{ $file } : « trap_tokens » doit être un nombre entier de 0 à { $most }",
                "{ $file }: 'trap_tokens' must be a whole number 0-{ $most }",
            ),
            (
                "text",
                "{ $file } : « { $field } » doit être un texte de 1 à { $most } caractères",
                "{ $file }: '{ $field }' must be a text of 1 to { $most } characters",
            ),
            (
                "read",
                "Clé « battlefield » : impossible de lire { $path } : { $error }",
                "Key 'battlefield': cannot read { $path }: { $error }",
            ),
            (
                "toml",
                "{ $file } : ce n'est pas du TOML valide : { $error }",
                "{ $file }: not valid TOML: { $error }",
            ),
            (
                "no_file",
                "Clé « battlefield » : aucun fichier { $name }",
                "Key 'battlefield': no file { $name }",
            ),
            (
                "unknown",
                "Clé « battlefield » : champ de bataille inconnu, { $name } ; connus : { $known }",
                "Key 'battlefield': unknown battlefield { $name }; known: { $known }",
            ),
        )
    }
)
