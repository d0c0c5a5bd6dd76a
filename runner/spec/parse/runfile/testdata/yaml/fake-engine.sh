#!/bin/sh
# Stands in for an engine program: the config loader only checks that it can run.
exit 0
