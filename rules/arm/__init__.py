"""The ARM (RingMaster) engine. Compiled with mypyc where the install could; see ``native``."""

from rules.arm.native import guard

guard()
