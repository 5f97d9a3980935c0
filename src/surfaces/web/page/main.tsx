// Entry of the page. The token comes from the URL codex-ts web printed and stays in memory (no cookie);
// the WebSocket presents it, as the page request did. `#fleet…` shows the fleet dashboard, anything else
// the threads.
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.js";
import { FleetDashboard } from "./fleet.js";
import "./app.css";
import "./fleet.css";

const token = new URLSearchParams(location.search).get("token") ?? "";
const wsUrl = `ws://${location.host}/ws?token=${encodeURIComponent(token)}`;

const onFleet = () => location.hash.startsWith("#fleet");

function Root() {
  const [fleet, setFleet] = useState(onFleet);
  useEffect(() => {
    const onHash = () => setFleet(onFleet());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  return fleet ? <FleetDashboard wsUrl={wsUrl} /> : <App wsUrl={wsUrl} />;
}

createRoot(document.getElementById("root")!).render(<Root />);
