#!/usr/bin/env python3
"""A power cut replayed from an strace of one chunkctl operation (issue 19, item 9).

A process killed with SIGKILL had every write it made reach the image; a power cut loses the
writes after the last fdatasync that completed, and the page cache writes back each page on its
own, so what survives of the writes since then is, page by page, any prefix of them.

    powercut.py count TRACE
        the number of events (writes and syncs to chunk images) in TRACE
    powercut.py syncs TRACE
        the syncs that end at least 4 writes to their image, by event number: a cut after the
        events before one (CUT = its number) leaves all those writes unsynced
    powercut.py apply TRACE VOLDIR CUT SEED
        changes the images in VOLDIR (a copy of the volume as it was before the operation) into
        one state a power cut after CUT events can leave: every write to an image before that
        image's last sync (among the first CUT events) lands; of the later writes to each page,
        a random prefix (SEED) lands; nothing after CUT does. Prints what it did.

TRACE is written by: strace -f -qq -y -e trace=pwrite64,write,lseek,fdatasync,fsync
-e write=all -o TRACE chunkctl ...  The writes (pwrite64, and write() at the offset the
process's lseek() calls on that descriptor left) and the syncs of *.img files are events:
e2fsck, which a repair runs, writes some blocks with lseek() and write().
"""
import os
import random
import re
import sys

PAGE = 4096
CALL = re.compile(r'^(\d+)\s+(pwrite64|write|lseek|fdatasync|fsync)\((\d+)<([^>]*)>(.*)$')
PWRITE_TAIL = re.compile(r', (\d+), (\d+)\) = (-?\d+)$')
WRITE_TAIL = re.compile(r', (\d+)\) = (-?\d+)$')
LSEEK_TAIL = re.compile(r', (-?\d+), SEEK_(SET|CUR|END)\) = (-?\d+)$')
# A dump line: " | 00010  01 00 00 00 ff ff ff ff  00 00 ... 00  ................ |", the hex
# of 16 bytes in 49 columns (padded on the last line), then the same as text.
DUMP = re.compile(r'^ \| ([0-9a-f]{5,})  (.{49})')
HEX = re.compile(r'[0-9a-f]{2}')


def parse(path):
    """Events in order: ('w', image, offset, bytes) and ('s', image)."""
    events = []
    cur = None
    pos = {}  # (pid, fd) -> the file offset write() writes at
    with open(path, errors='replace') as f:
        for line in f:
            m = DUMP.match(line)
            if m and cur is not None:
                cur[3].extend(bytes.fromhex(''.join(HEX.findall(m.group(2)))))
                continue
            if cur is not None:
                if len(cur[3]) != cur[4]:
                    sys.exit('powercut: %s: a dump of %d bytes for a write of %d' % (cur[1], len(cur[3]), cur[4]))
                events.append(('w', cur[1], cur[2], bytes(cur[3])))
                cur = None
            m = CALL.match(line)
            if not m or not m.group(4).endswith('.img'):
                continue
            key = (m.group(1), m.group(3))
            call, image = m.group(2), os.path.basename(m.group(4))
            if call in ('fdatasync', 'fsync'):
                if line.rstrip().endswith('= 0'):
                    events.append(('s', image))
                continue
            if call == 'lseek':
                t = LSEEK_TAIL.search(line.rstrip())
                if not t or int(t.group(3)) < 0:
                    sys.exit('powercut: cannot follow: %s' % line.rstrip())
                pos[key] = int(t.group(3))
                continue
            if call == 'write':
                t = WRITE_TAIL.search(line.rstrip())
                if not t or key not in pos:
                    sys.exit('powercut: a write() to %s at an offset not known: %s' % (image, line.rstrip()))
                off, ret = pos[key], int(t.group(2))
                if ret > 0:
                    pos[key] += ret
            else:
                t = PWRITE_TAIL.search(line.rstrip())
                if not t:
                    sys.exit('powercut: cannot read: %s' % line.rstrip())
                off, ret = int(t.group(2)), int(t.group(3))
            if ret <= 0:
                continue
            cur = [None, image, off, bytearray(), ret]
    if cur is not None:
        events.append(('w', cur[1], cur[2], bytes(cur[3])))
    return events


def apply(events, voldir, cut, seed):
    rng = random.Random(seed)
    last_sync = {}
    for i, e in enumerate(events[:cut]):
        if e[0] == 's':
            last_sync[e[1]] = i
    durable = pending_writes = 0
    pages = {}  # (image, page) -> [(write index, page offset, bytes)]
    plan = []   # (image, offset, bytes) in the order they are applied
    for i, e in enumerate(events[:cut]):
        if e[0] != 'w':
            continue
        image, off, data = e[1], e[2], e[3]
        if i < last_sync.get(image, -1):
            plan.append((image, off, data))
            durable += 1
            continue
        pending_writes += 1
        pos = 0
        while pos < len(data):
            page = (off + pos) // PAGE
            n = min(len(data) - pos, (page + 1) * PAGE - (off + pos))
            pages.setdefault((image, page), []).append((i, off + pos, data[pos:pos + n]))
            pos += n
    landed = 0
    for key in sorted(pages):
        writes = pages[key]
        k = rng.randint(0, len(writes))
        landed += k
        plan.extend((key[0], w[1], w[2]) for w in writes[:k])
    for image, off, data in plan:
        fd = os.open(os.path.join(voldir, image), os.O_WRONLY)
        try:
            os.pwrite(fd, data, off)
        finally:
            os.close(fd)
    print('cut after event %d of %d: %d write(s) synced and kept; of %d later write(s), '
          '%d page part(s) of %d landed' % (cut, len(events), durable, pending_writes, landed,
                                             sum(len(w) for w in pages.values())))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'count':
        print(len(parse(sys.argv[2])))
    elif len(sys.argv) == 3 and sys.argv[1] == 'syncs':
        pending, at = {}, []
        for i, e in enumerate(parse(sys.argv[2])):
            if e[0] == 'w':
                pending[e[1]] = pending.get(e[1], 0) + 1
            else:
                if pending.get(e[1], 0) >= 4:
                    at.append(str(i))
                pending[e[1]] = 0
        print(' '.join(at))
    elif len(sys.argv) == 6 and sys.argv[1] == 'apply':
        apply(parse(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
