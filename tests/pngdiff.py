"""pngdiff - decode PNGs (8-bit RGB/RGBA, not interlaced: what SDL_image and ImageMagick
write) with the standard library only, and compare decoded pixels with a tolerance.

As a module: load(path) -> (width, height, rgba bytes); save(path, image) writes one as an RGB
PNG; diff(a, b, tol) -> (pixels over tol, total).
As a command: pngdiff.py A.png B.png [TOL] prints the count and exits 1 when any pixel differs
by more than TOL in some channel."""
import shutil
import struct
import subprocess
import sys
import zlib


def load(path):
    """(width, height, RGBA bytes). ImageMagick decodes when it is there (fast); else the
    pure-Python decoder below."""
    if shutil.which("convert"):
        size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True,
                              text=True, check=True).stdout.split()
        raw = subprocess.run(["convert", path, "-depth", "8", "rgba:-"], capture_output=True,
                             check=True).stdout
        return int(size[0]), int(size[1]), raw
    return decode(path)


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read")
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    out = bytearray(w * h * 4)
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        if bpp == 4:
            out[y * w * 4:(y + 1) * w * 4] = line
        else:
            for x in range(w):
                out[(y * w + x) * 4:(y * w + x) * 4 + 3] = line[x * 3:x * 3 + 3]
                out[(y * w + x) * 4 + 3] = 255
        prev = line
    return w, h, bytes(out)


def save(path, image):
    """Writes (width, height, RGBA bytes) as an 8-bit RGB PNG (the alpha dropped)."""
    w, h, px = image
    rows = b"".join(b"\0" + bytes(px[(y * w + x) * 4 + k] for x in range(w) for k in range(3))
                    for y in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def diff(a, b, tol=8, region=None):
    """Pixels whose largest channel difference exceeds tol; region = (x, y, w, h) or None."""
    wa, ha, pa = a
    wb, hb, pb = b
    if (wa, ha) != (wb, hb):
        return wa * ha, wa * ha
    x0, y0, rw, rh = region or (0, 0, wa, ha)
    bad = 0
    for y in range(y0, y0 + rh):
        row = (y * wa + x0) * 4
        ra, rb = pa[row:row + rw * 4], pb[row:row + rw * 4]
        if ra == rb:
            continue
        for i in range(0, rw * 4, 4):
            if max(abs(ra[i + k] - rb[i + k]) for k in range(3)) > tol:
                bad += 1
    return bad, rw * rh


if __name__ == "__main__":
    tol = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    bad, total = diff(load(sys.argv[1]), load(sys.argv[2]), tol)
    print(f"{bad} of {total} pixels differ by more than {tol}")
    sys.exit(1 if bad else 0)
