"""The pygame application shell: settings, services, the scene stack and the main loop."""
