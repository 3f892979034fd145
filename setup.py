"""The one compiled part: the work meter's counter (dpproof/_meter.c).  Optional: without a C
compiler dpproof installs and counts the same events with a Python trace function, slower."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("dpproof._meter", ["dpproof/_meter.c"], optional=True)])
