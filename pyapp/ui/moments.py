"""The public events since the human's last decision, for a table's banner."""


def recent_moments(payload, kinds):
    """The log events of the given kinds since the human's last decision
    (the view's "log_since_decision" counts them)."""
    log = payload["log"]
    count = min(payload["view"].get("log_since_decision", 0), len(log))
    recent = log[len(log) - count:] if count else []
    return [event for event in recent if event.get("kind") in kinds]
