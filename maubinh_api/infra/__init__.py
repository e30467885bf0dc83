"""Infrastructure beside the domain and the entry points: the settings (``config``), the result
cache (in process and in Redis), the tenants file and each tenant's budget (the ``limits``
library, in Redis or an SQLite file), the remembered variants, Prometheus metrics, JSON logging,
the nginx front's configuration (``front``) and glibc's allocator tuning (``allocator``)."""
