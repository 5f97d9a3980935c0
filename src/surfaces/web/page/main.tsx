// Entry of the page. The token comes from the URL codex-ts web printed and stays in memory (no cookie);
// the WebSocket presents it, as the page request did.
import { createRoot } from "react-dom/client";
import { App } from "./app.js";
import "./app.css";

const token = new URLSearchParams(location.search).get("token") ?? "";
const wsUrl = `ws://${location.host}/ws?token=${encodeURIComponent(token)}`;
createRoot(document.getElementById("root")!).render(<App wsUrl={wsUrl} />);
