// Starts the page (a file, not an inline script: the Content-Security-Policy allows only scripts from this server).
import { start } from "./games.js";

start();
