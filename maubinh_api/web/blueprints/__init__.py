"""HTTP entry points, one blueprint per resource."""
