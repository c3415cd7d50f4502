// Starts the Epic table editor page (a file, not an inline script: the Content-Security-Policy allows only scripts from this server).
import { start } from "./epic_table_editor.js";

start();
