#!/usr/bin/env python3
"""Peer benchmark for the Store: the same outbox work with Python's standard `sqlite3` + `json`.

The Swift benchmark creates a fresh, migrated database file (the real schema) and runs this script
on it, so both sides write the same tables with the same SQL, WAL and synchronous=NORMAL:

  enqueue: COUNT notifications (one channel each) in transactions of BATCH rows;
  cycle:   per batch, enqueue, select the due rows (decoding their JSON), mark them delivered
           and append a delivery-log row, in the same three transactions as the Swift store.

Prints one machine-readable line: PEER {"mode": ..., "batch": ..., "count": ..., "per_s": ...}

Usage: store_peer.py --db PATH --mode enqueue|cycle --batch N [--count 100000]
"""
import argparse
import json
import sqlite3
import time

BASE = 1_735_000_000
INSERT = """
    INSERT INTO outbox (key, channel, rule, fire_at, expires_at, status, attempts, next_attempt_at,
                        created_at, updated_at, notification)
    VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)
    ON CONFLICT (key, channel) DO NOTHING
"""
DUE = """
    SELECT id, key, channel, status, attempts, next_attempt_at, last_error, created_at, delivered_at, notification
    FROM outbox
    WHERE status = 'pending' AND next_attempt_at <= ? AND (expires_at IS NULL OR expires_at > ?)
    ORDER BY next_attempt_at, id LIMIT ?
"""
DELIVERED = """
    UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL, updated_at = ?
    WHERE id = ?
"""
LOG = """
    INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
    SELECT id, key, channel, ?, ?, ?, ? FROM outbox WHERE id = ?
"""


def notification(index):
    return {"key": f"commute-{index % 997}/2024-12-23/{index}", "rule": f"commute-{index % 997}", "kind": "leave_now",
            "fireAt": BASE + index, "expiresAt": BASE + index + 600, "channels": ["phone"], "urgency": "critical",
            "language": "ja", "title": "調布 10:33 京王線 新宿行",
            "text": "そろそろ出発: 10:33 調布発 (2番線) 京王線 特急 新宿行。徒歩 8 分。"}


def enqueue(db, batch, now):
    inserted = 0
    db.execute("BEGIN IMMEDIATE")
    for n in batch:
        text = json.dumps(n, ensure_ascii=False, separators=(",", ":"))
        for channel in n["channels"]:
            cursor = db.execute(INSERT, (n["key"], channel, n["rule"], n["fireAt"], n.get("expiresAt"), n["fireAt"],
                                         now, now, text))
            inserted += cursor.rowcount
    db.execute("COMMIT")
    return inserted


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--mode", choices=["enqueue", "cycle"], required=True)
    parser.add_argument("--batch", type=int, required=True)
    parser.add_argument("--count", type=int, default=100_000)
    options = parser.parse_args()
    db = sqlite3.connect(options.db, isolation_level=None)
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")
    notifications = [notification(i) for i in range(options.count)]
    done = 0
    started = time.perf_counter()
    for start in range(0, options.count, options.batch):
        batch = notifications[start:start + options.batch]
        if options.mode == "enqueue":
            done += enqueue(db, batch, BASE)
            continue
        now = batch[-1]["fireAt"]
        enqueue(db, batch, now)
        due = [(row[0], json.loads(row[9])) for row in db.execute(DUE, (now, now, options.batch))]
        db.execute("BEGIN IMMEDIATE")
        for entry_id, _ in due:
            if db.execute(DELIVERED, (now, now, entry_id)).rowcount > 0:
                db.execute(LOG, (now, "delivered", 200, None, entry_id))
        db.execute("COMMIT")
        done += len(due)
    elapsed = time.perf_counter() - started
    if done != options.count:
        raise SystemExit(f"store_peer: {options.mode} handled {done} of {options.count}")
    print("PEER " + json.dumps({"mode": options.mode, "batch": options.batch, "count": options.count,
                                "per_s": options.count / elapsed, "sqlite": sqlite3.sqlite_version}), flush=True)


if __name__ == "__main__":
    main()
