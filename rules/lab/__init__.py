"""The lab: studies of many games run in the background (services, runners, processes, API, pages, URLs)."""
