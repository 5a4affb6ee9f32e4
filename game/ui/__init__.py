"""pygame widgets, drawing and views shared by every scene."""
