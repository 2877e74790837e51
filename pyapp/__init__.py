"""Safehouse: four spy card games with pure-Python rule engines."""
