// Starts the Epic army builder page (a file, not an inline script: the Content-Security-Policy allows only scripts from this server).
import { start } from "./epic_army_builder.js";

start();
