"""The numeric engine (``numeric``): mpmath at two precisions; SUPPORTED at most."""
