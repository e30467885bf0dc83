"""The batch tool: hand histories and rule economics at scale (``python -m maubinh_api.batch``).

A thin entry point over the service layer (and the rules' settlement), like the web layer:
``simulate`` deals and plays tables with bots, ``grade`` analyses a hand
history; both run their partitions on Dask (this machine by default, a
cluster with ``--scheduler``) and write Parquet and a self-contained HTML report.
"""
