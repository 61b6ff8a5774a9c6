// The wire of games with friends: WebRTC data channels through PeerJS (its
// browser build is vendored into dist/ by build.py, loaded only when a game
// with friends starts). PeerJS is the mature, small choice for browser-to-browser
// data with a free public signaling server and a self-hostable one (npm `peer`);
// the signaling server is fixed at build time (BUILD.peer, `--peer-server`) and the
// CSP allows exactly its origin, so no link can send anyone's signaling elsewhere.
//
// A Link is one data channel carrying text. Both ends send a heartbeat every
// HEARTBEAT_MS; a link that hears nothing for DEAD_MS counts as dropped (a closed
// laptop or a lost network never says goodbye).

import { BUILD } from "../build-info.js";

const HEARTBEAT_MS = 1000;
export const DEAD_MS = 5000;
const PING = '{"t":"ping"}';
// Room names: 12 letters and digits that cannot be misread (no 0/o, 1/l/i).
export const ROOM_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const ROOM_PATTERN = /^[abcdefghjkmnpqrstuvwxyz23456789]{12}$/;

let library = null;

/** PeerJS's Peer class, loading the vendored script the first time. */
function peerClass() {
  library ||= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(BUILD.peerjs, document.baseURI).href;
    script.onload = () => resolve(window.peerjs.Peer);
    script.onerror = () => {
      script.remove(); // the next try adds it again
      library = null;
      reject(new Error("peerjs"));
    };
    document.head.append(script);
  });
  return library;
}

export function randomName(length = 12) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ROOM_ALPHABET[b % ROOM_ALPHABET.length]).join("");
}

export function randomHex(bytes = 16) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A PeerJS peer registered at the signaling server under `id`; rejects with
 * the PeerJS error type (e.g. "unavailable-id", "network", "server-error"). */
export async function openPeer(id) {
  const Peer = await peerClass();
  const { host, port, path, secure } = BUILD.peer;
  const peer = new Peer(id, { host, port, path, secure, debug: 0 });
  return new Promise((resolve, reject) => {
    let opened = false;
    peer.on("open", () => {
      opened = true;
      resolve(peer);
    });
    peer.on("error", (err) => {
      if (opened) return; // a failed connect() says so itself
      reject(Object.assign(new Error(err.type || "peer"), { type: err.type || "peer" }));
      peer.destroy();
    });
    // Lost the signaling server (not the links): come back when it does.
    peer.on("disconnected", () => setTimeout(() => !peer.destroyed && peer.reconnect(), 1000));
  });
}

/** One data channel: link.send(text); link.onMessage(text) and link.onClose() are set by the owner. */
export class Link {
  constructor(conn) {
    this.conn = conn;
    this.id = conn.connectionId;
    this.onMessage = () => {};
    this.onClose = () => {};
    this.closed = false;
    this.heard = performance.now();
    conn.on("data", (data) => {
      if (this.closed) return; // late news on a link its owner has left
      this.heard = performance.now();
      if (typeof data === "string" && data !== PING) this.onMessage(data);
    });
    conn.on("close", () => this.close());
    conn.on("error", () => this.close());
    this.timer = setInterval(() => {
      if (performance.now() - this.heard > DEAD_MS) this.close();
      else this.send(PING);
    }, HEARTBEAT_MS);
  }

  send(text) {
    if (this.closed) return;
    try {
      this.conn.send(text);
    } catch {
      this.close();
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    try {
      this.conn.close();
    } catch {
      // already gone
    }
    this.onClose();
  }
}

/** Accept the links others open to `peer`, calling onLink(link) once each is open. */
export function acceptLinks(peer, onLink) {
  peer.on("connection", (conn) => conn.on("open", () => onLink(new Link(conn))));
}

/** Open a link from `peer` to the peer named `to`; rejects with "peer-unavailable"
 * (no such room) or "timeout". */
export function connect(peer, to, timeoutMs = 15000) {
  return new Promise((resolve, reject) => {
    const conn = peer.connect(to, { reliable: true, serialization: "raw" });
    const fail = (type) => {
      clearTimeout(timer);
      peer.off("error", onError);
      conn?.close(); // a link that opens after this would never say hello
      reject(Object.assign(new Error(type), { type }));
    };
    const onError = (err) => fail(err.type || "peer");
    const timer = setTimeout(() => fail("timeout"), timeoutMs);
    peer.on("error", onError);
    conn.on("open", () => {
      clearTimeout(timer);
      peer.off("error", onError);
      resolve(new Link(conn));
    });
  });
}
