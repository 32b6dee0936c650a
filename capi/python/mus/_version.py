"""The binding's version: the version of the libmus C API it was written for (mus.h)."""
__version__ = "0.3.0"
