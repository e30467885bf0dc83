"""Infrastructure beside the rules and the HTTP layer: configuration."""
