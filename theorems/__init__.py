"""The theorem library: one module per source; each module's docstring is its citation
and its ``CLAIMS`` tuple lists the catalogue ids of docs/catalogue.md."""
