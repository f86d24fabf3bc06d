"""Reference solutions, one module per notebook.

Every solution is a plain top-level function whose source can be pasted into a notebook cell
and run there: it imports what it needs inside its body, from the standard library or the
public package, and uses no private helper.
"""
