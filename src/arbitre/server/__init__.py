"""The web server: games stored in SQL, played through HTTP and WebSocket (docs/web.md)."""
