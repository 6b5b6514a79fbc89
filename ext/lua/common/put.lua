-- One id's run added to a queue, as enqueue() and submit() do it, on either
-- layout. Needs common/now.lua and common/stream.lua included before.
-- A dead id enqueued again leaves the dead letters and starts with its attempts
-- and its old payload forgotten.
local function revive(D, H, P, Q, id)
  if redis.call('zrem', D, id) == 1 then
    redis.call('hdel', H, id); redis.call('hdel', P, id); redis.call('hdel', Q, id)
  end
end
-- The stream layout: id due at due (a score, s) with payload p (false: none);
-- ref: payloads by reference (M's p), or 'all' for a run whose payload may be
-- replaced while it waits ready (submit()'s debounce): then every payload the
-- call puts on the stream goes into Q, the entry referring to it, however small;
-- nudged: whether a worker was nudged for an earlier delayed id of the call. A
-- task due now goes to the end of the stream, a delayed one into Z. An id in the
-- stream keeps its place unless replace is set; one in flight there gets a run
-- parked in X, which runs once the current run ends. With payloads by reference
-- a payload larger than INLINE goes into Q, not into the entry (see
-- common/stream.lua). Returns 1 when the id was added or changed (else 0), and
-- nudged.
local function put_stream(Z, F, P, H, S, X, M, Q, id, p, due, replace, ref, nudged)
  local now_due, changed = tonumber(due) * 1000000 <= now_us, 0
  local x, parked = index_of(redis.call('hget', X, id))
  local flying = x and #redis.call('xpending', S, 'rl', x, x, 1) > 0
  if x and not flying and replace then
    -- The waiting entry goes, with its payload (no other run of the id holds one).
    redis.call('xdel', S, x); redis.call('hdel', X, id); x = nil
    redis.call('hdel', P, id); redis.call('hdel', Q, id)
  end
  if flying then
    -- Parked in the index until the current run ends (not in Z, where pop()
    -- could take it during the run); a parked run keeps its due time. Its
    -- payload goes into the hash the running run's is not in.
    if parked == '' or replace then
      if parked == '' then redis.call('hincrby', M, 'r', 1) end
      local into = slot(P, Q, other(select(4, entry(S, x))))
      redis.call('hset', X, id, x .. '|' .. due)
      if p then redis.call('hset', into, id, p) else redis.call('hdel', into, id) end
      changed = 1
    end
  elseif not x and (not now_due or redis.call('zscore', Z, id) or redis.call('zscore', F, id)) then
    local added
    if replace then
      changed = redis.call('zadd', Z, 'ch', due, id); added = true
    else
      added = redis.call('zadd', Z, 'nx', due, id) == 1
      if added then changed = 1 end
    end
    if added then
      -- Into P while a run of the zset layout is in flight (its ack leaves P
      -- to the run queued again).
      local into, off = P, Q
      if ref and not redis.call('zscore', F, id) then into, off = Q, P end
      if p then redis.call('hset', into, id, p) else redis.call('hdel', into, id) end
      redis.call('hdel', off, id)
      if not now_due and not nudged then nudge(Z, S, due); nudged = true end
    end
    local sc = now_due and not redis.call('zscore', F, id) and redis.call('zscore', Z, id)
    if sc and tonumber(sc) * 1000000 <= now_us then
      if ref == 'all' and added and p then
        -- Its payload, just written into Q, stays there (promote() would copy a
        -- small one into the entry).
        local a, rec = carried(H, id)
        append(S, X, id, false, a, 'q')
        redis.call('zrem', Z, id)
        if rec then redis.call('hdel', H, id) end
      else
        promote(Z, P, H, S, X, Q, id, ref)
      end
    end
  elseif not x then
    if ref and p and (ref == 'all' or #p > INLINE) then
      redis.call('hset', Q, id, p)
      append(S, X, id, false, 0, 'q')
    else
      append(S, X, id, p or false, 0)
    end
    changed = 1
  end
  return changed, nudged
end
-- The zset layout, one id at a time: the payload follows what happened to its id.
-- Returns 1 when the id was added or changed, else 0.
local function put_zset(Z, P, id, p, due, replace)
  local n
  if replace then n = redis.call('zadd', Z, 'ch', due, id) else n = redis.call('zadd', Z, 'nx', due, id) end
  if replace or n == 1 then
    if p then redis.call('hset', P, id, p) else redis.call('hdel', P, id) end
  end
  return n
end
