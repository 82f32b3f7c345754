"""memory_seal.py - the seals of a cabinet's memory (schema 8), in Python, as src/store/store_seal.c
computes them: for tests that must write a row as a newer slotcab would (with the key), and for
scripts/memory-campaign.py.

chk(key, *values): the keyed seal of a row: BLAKE2b-64 keyed with the 32-byte key over each
value's SQLite type (1 integer, 2 float, 3 text, 5 null), its text's length (8 bytes, little
endian) and its text, cut to 63 bits. An append-only table's row passes the seal of the row
before it (by rowid; None for the first) as its last value.
head(key, db, seq, prev): the head over the critical state (store_seal.c, st_head_of).
reseal_head(key, db): the head row written as the store's next commit would (seq + 1)."""
import hashlib

SEALED = [  # (table, columns, append-only), in the store's order (store.c, st_sealed)
    ("wallet", "id, balance", False),
    ("meters", "game, name, value", False),
    ("settings", "key, value", False),
    ("cash", "id, kind, amount, at", True),
    ("pools", "game, pool", False),
    ("pool_hits", "id, round_id, game, paid, at", True),
    ("rounds", "id, game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
               " balance_before, started, settled, win, balance_after, free_spins, features,"
               " jackpots, forced_after, scenario, pool_added, pool_after, pool_seed, pool_paid", True),
    ("commands", "round_id, seq, type, arg", True),
    ("oplog", "id, at, what, detail", True),
    ("round_config", "round_id, config, game_hash", True),
    ("round_state", "round_id, game, carried_before, carried_after, bet_bonuses, win_bonuses,"
                    " bonuses_before", True),
    ("bonus_wallet", "id, bonuses", False),
    ("forced_rounds", "round_id, scenario", True),
    ("round_show", "round_id, tick, screen", True),
]


def _part(h, kind, data):
    h.update(bytes([kind]) + len(data).to_bytes(8, "little") + data)


def _value(h, v):
    if v is None:
        _part(h, 5, b"")
    elif isinstance(v, int):
        _part(h, 1, str(v).encode())
    elif isinstance(v, float):
        _part(h, 2, repr(v).encode())
    elif isinstance(v, bytes):
        _part(h, 4, v)
    else:
        _part(h, 3, v.encode())


def _final(h):
    return int.from_bytes(h.digest(), "big") >> 1


def chk(key, *values):
    h = hashlib.blake2b(digest_size=8, key=key)
    for v in values:
        _value(h, v)
    return _final(h)


def seal_row(key, db, table, rowid):
    """Seals one row as the store does (chained for an append-only table)."""
    cols, chained = next((c, a) for t, c, a in SEALED if t == table)
    row = db.execute(f"SELECT {cols} FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
    values = list(row)
    if chained:
        prev = db.execute(f"SELECT chk FROM {table} WHERE rowid < ? ORDER BY rowid DESC LIMIT 1",
                          (rowid,)).fetchone()
        values.append(prev[0] if prev else None)
    db.execute(f"UPDATE {table} SET chk = ? WHERE rowid = ?", (chk(key, *values), rowid))


def head(key, db, seq, prev):
    h = hashlib.blake2b(digest_size=8, key=key)
    _part(h, 1, b"slotcab head")
    _part(h, 1, seq.to_bytes(8, "little", signed=True))
    _part(h, 1, prev.to_bytes(8, "little", signed=True))
    for sql in ("SELECT key, value FROM meta ORDER BY key",
                "SELECT type, name, sql FROM sqlite_master ORDER BY type, name"):
        for row in db.execute(sql):
            for v in row:
                _value(h, v)
    for table, _, chained in SEALED:
        _part(h, 2, table.encode())
        sql = (f"SELECT rowid, chk FROM {table} ORDER BY rowid DESC LIMIT 1" if chained
               else f"SELECT rowid, chk FROM {table} ORDER BY rowid")
        for row in db.execute(sql):
            for v in row:
                _value(h, v)
    return _final(h)


def reseal_head(key, db):
    seq, prev, hd = db.execute("SELECT seq, prev, head FROM head WHERE id = 1").fetchone()
    new = head(key, db, seq + 1, hd)
    db.execute("UPDATE head SET seq = ?, prev = ?, head = ? WHERE id = 1", (seq + 1, hd, new))
    return seq + 1, new


def witness(key, seq, hd):
    """The two slots of DIR/slotcab.witness after a commit of (seq, hd): the slot seq % 2."""
    slot = b"SLOTWIT1" + seq.to_bytes(8, "little", signed=True) + hd.to_bytes(8, "little", signed=True)
    slot += hashlib.blake2b(slot, digest_size=16, key=key).digest()
    return slot.ljust(64, b"\0"), (seq % 2) * 64
