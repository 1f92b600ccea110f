"""The pages of a whole site besides each variant's: the home page's catalog by family and
region (``catalog``), the comparison of every variant side by side with its ranking
(``comparison``, ``balance_ranking``), and the CLI reference and schema pages (``extras``).

May import: ``pages`` and the parts below it.
"""
