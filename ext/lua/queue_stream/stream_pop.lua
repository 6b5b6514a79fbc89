--redislock:stream_pop
--
-- pop() of queues on the stream layout (first, for one queue its object last
-- found there; else when the zset layout's take found nothing): from the first queue whose stream holds ready tasks (after settling
-- its expired reservations when asked to, and moving its due ids from Z, but not one in flight), up to count tasks are read and forgotten at once (acked and
-- deleted: at most once, as pop() always is), each with its payload (a payload
-- by reference is read from its hash into the reply and deleted; the payloads
-- it hands over end the page at BYTES, one task at least). Returns [queue index, id, score,
-- payload, ...] as take does; when no stream has a task, [0, the ms until a
-- task of those queues may be due (a delayed one, an expiring reservation, the
-- end of a pause; -1: none), 1 when all of them are paused, else 0, then the
-- indexes of the paused ones] if any of the queues is on the stream layout,
-- else -1.
--
-- @key   queue     string, list               Z, the queue: task ids by due time (s), of queue i
-- @key   payloads  string, list               P, the tasks' payloads by id, of queue i
-- @key   receipts  string, list               H, the records of carried attempts, of queue i
-- @key   dead      string, list               D, the dead letters by the time they died, of queue i
-- @key   stream    string, list               S, the stream of ready and in-flight tasks, of queue i
-- @key   index     string, list               X, id -> entry id of the tasks in S, of queue i
-- @key   meta      string, list               M, the queue's settings, of queue i
-- @key   inflight  string, list               F, the zset layout's tasks in flight by deadline, of queue i
-- @key   spare     string, list               Q, the payloads by reference that P cannot hold, of queue i
-- @key   paused    string, list               G, the pause: exists while queue i is paused
-- @key   wakeup    string, list               W, the wake-up list a pop() waits on while its queues are paused, of queue i
-- @key   counts    string, list               C, the counters of queue i (common/counts.lua)
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   upkeep    flag '1' '0'               whether to settle the lapsed reservations (the client
--                                             asks once a second per queue, and for a list of queues)

-- The fast path: one task from one queue with nothing of Z due, no upkeep asked:
-- the next entry read, acked and deleted, before the shared pieces below are even
-- defined (each costs the server time per call). Anything else (a wake-up entry,
-- nothing to read) goes on below, which looks again.
-- S counted twice and G once: 2 is a stream that is not paused, in one call (a
-- paused queue goes below, which parks its group if a client of an earlier
-- release made it anew).
if #KEYS == 12 and tonumber(count) == 1 and upkeep == '0' and redis.call('exists', KEYS[5], KEYS[5], KEYS[10]) == 2 then
  local Z, P, S, X, Q = KEYS[1], KEYS[2], KEYS[5], KEYS[6], KEYS[9]
  local t = redis.call('time')
  local first = redis.call('zrange', Z, 0, 0, 'withscores')
  if #first == 0 or tonumber(first[2]) * 1000000 > tonumber(t[1]) * 1000000 + tonumber(t[2]) then
    local got = redis.call('xreadgroup', 'group', 'rl', 'pop', 'count', 1, 'streams', S, '>')
    local e = got and got[1] and got[1][2][1]
    if e then
      local f, id, p, r = e[2], nil, false, false
      for i = 1, #f, 2 do if f[i] == 'i' then id = f[i + 1] elseif f[i] == 'p' then p = f[i + 1] elseif f[i] == 'r' then r = f[i + 1] end end
      if id and r then
        local h = r == 'q' and Q or P
        p = redis.call('hget', h, id)
        redis.call('hdel', h, id)
      end
      redis.call('xack', S, 'rl', e[1])
      redis.call('xdel', S, e[1])
      if id then
        local x = redis.call('hget', X, id)
        if x and string.match(x, '^([^|]*)') == e[1] then redis.call('hdel', X, id) end
        return {1, id, string.format('%.17g', tonumber(string.match(e[1], '^(%d+)')) / 1000), p}
      end
    end
  end
end
--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
--#include "common/pause.lua"
count = page(count)
local streams, hint = false, -1
-- Whether every queue on the stream layout is paused: the caller then waits on
-- the wake-up lists, which only resume() pushes to for them, not on the streams,
-- which every producer writes.
local held = true
-- The paused queues' indexes: a wait on the streams leaves their streams out.
local paused_at = {}
-- The payload bytes this call has copied (settled, promoted) or handed over,
-- over all the queues: past BYTES, the rest waits for the next call.
local bytes = 0
local function consider(ms) if ms < 0 then ms = 0 end; if hint < 0 or ms < hint then hint = ms end end
for q = 1, #KEYS / 12 do
  local Z, P, H, D, S, X, M, F, Q, G = KEYS[12 * q - 11], KEYS[12 * q - 10], KEYS[12 * q - 9], KEYS[12 * q - 8], KEYS[12 * q - 7], KEYS[12 * q - 6], KEYS[12 * q - 5], KEYS[12 * q - 4], KEYS[12 * q - 3], KEYS[12 * q - 2]
  -- S counted twice: 3 a stream that is paused; 2 one that is not, whose group
  -- may still be parked after a pause for a time ended (M's z).
  local sg = redis.call('exists', S, S, G)
  local mv = sg >= 2 and redis.call('hmget', M, 'v', 'z') or {}
  local left = (sg == 3 or (sg == 2 and mv[2])) and pause_sync(S, G, M) or -2
  if left ~= -2 then
    -- Paused: nothing is read (the group parked) until the pause ends.
    streams = true
    paused_at[#paused_at + 1] = q
    if left >= 0 then consider(left) end
  elseif sg >= 2 then
    held = false
    local v = mv[1]
    local ref = nil
    -- Lapsed reservations are settled when the client asks (once a second), and
    -- whenever nothing else was there to read: pop() never finds nothing while a
    -- lapsed reservation could be handed over.
    local settle = upkeep == '1'
    for _ = 1, 2 do
      if v and settle then
        local prev, c0 = nil, redis.call('hget', M, 'c')
        for _, e in ipairs(lapsed(S, M, v)) do
          if bytes >= BYTES then
            -- The walk's cursor back to just after the last one settled.
            if prev then redis.call('hset', M, 'c', '(' .. prev)
            elseif c0 then redis.call('hset', M, 'c', c0) else redis.call('hdel', M, 'c') end
            break
          end
          local _, n = settle_entry(Z, P, H, D, S, X, M, Q, e[1], e[4], nil, false, KEYS[12 * q])
          bytes, prev = bytes + n, e[1]
        end
      end
      for _, id in ipairs(redis.call('zrangebyscore', Z, '-inf', score(now_us), 'limit', 0, count)) do
        if bytes >= BYTES then break end
        -- Not an id whose run is in flight (on the stream, or a reservation of
        -- the zset layout: it moves when that run ends, as in stream_idle).
        if redis.call('hexists', X, id) == 0 and not redis.call('zscore', F, id) then
          if ref == nil then ref = by_ref(M) end
          bytes = bytes + promote(Z, P, H, S, X, Q, id, ref)
        end
      end
      -- One entry per read, so that the payloads the page hands over end it at
      -- BYTES with the bytes copied above (one task at least), those carried in
      -- entries as well as those by reference: an entry whose payload would pass
      -- it goes back, as if never read (out of the PEL, the group's last-delivered
      -- id set back to just before it). A wake-up entry (no id) is not a task: it
      -- is dropped, and the read goes on.
      local out, reads = {q}, 0
      while (#out - 1) / 3 < count and reads < 2 * PAGE do
        reads = reads + 1
        local got = redis.call('xreadgroup', 'group', 'rl', 'pop', 'count', 1, 'streams', S, '>')
        if not got or #got == 0 or #got[1][2] == 0 then break end
        local e = got[1][2][1]
        local f, id, p, r = e[2], nil, false, false
        for i = 1, #f, 2 do if f[i] == 'i' then id = f[i + 1] elseif f[i] == 'p' then p = f[i + 1] elseif f[i] == 'r' then r = f[i + 1] end end
        local n = p and #p or 0
        if id and r then n = redis.call('hstrlen', slot(P, Q, r), id) end
        if #out > 1 and bytes + n > BYTES then
          redis.call('xack', S, 'rl', e[1])
          set_last(S, before(e[1]))
          break
        end
        bytes = bytes + n
        if id and r then
          p = redis.call('hget', slot(P, Q, r), id)
          redis.call('hdel', slot(P, Q, r), id)
        end
        redis.call('xack', S, 'rl', e[1])
        redis.call('xdel', S, e[1])
        if id then
          if index_of(redis.call('hget', X, id)) == e[1] then redis.call('hdel', X, id) end
          out[#out + 1] = id
          out[#out + 1] = string.format('%.17g', tonumber(string.match(e[1], '^(%d+)')) / 1000)
          out[#out + 1] = p
        end
      end
      if #out > 1 then return out end
      if settle or not v then break end
      settle = true
    end
    streams = true
    local later = redis.call('zrangebyscore', Z, '(' .. score(now_us), '+inf', 'withscores', 'limit', 0, 1)
    if #later > 0 then consider(math.ceil((tonumber(later[2]) * 1000000 - now_us) / 1000)) end
    if v then
      for _, e in ipairs(redis.call('xpending', S, 'rl', '-', '+', 100)) do consider(tonumber(v) - e[3]) end
    end
  end
end
-- All paused: the caller waits on their wake-up lists, for resume(); a token
-- there now is stale (a resume() or a move of layout before this pause), and
-- would wake it for nothing.
if streams and held then
  for _, q in ipairs(paused_at) do redis.call('del', KEYS[12 * q - 1]) end
end
if streams then return {0, hint, held and 1 or 0, unpack(paused_at)} end
return -1
