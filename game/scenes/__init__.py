"""The screens of the app. Each scene handles input, updates, and draws; none decides rules."""
