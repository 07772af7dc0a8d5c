"""Alembic migrations of the store's schema; `store/migrate.py` runs them whenever a store is opened."""
