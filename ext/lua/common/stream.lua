-- A queue on the stream layout (its stream S exists): S holds the ready tasks and
-- those in flight, each an entry {i = id, p = payload (absent: none), a = attempts
-- carried from earlier runs (absent: 0)}, read by consumer group 'rl'; the index X
-- maps each id in S to its entry id; M holds the queue's settings (v visibility
-- ms, m max attempts, b backoff ms). Entries are deleted when their run ends, so
-- an entry is either ready (after the group's last-delivered id, never read) or
-- in flight (in the group's PEL).
-- group_of(S): the group's last-delivered id and its PEL's size, or nil when S
-- has no group 'rl' (no stream: a zset-layout queue).
local function group_of(S)
  if redis.call('exists', S) == 0 then return nil end
  for _, g in ipairs(redis.call('xinfo', 'groups', S)) do
    local f = {}
    for j = 1, #g, 2 do f[g[j]] = g[j + 1] end
    if f['name'] == 'rl' then return f['last-delivered-id'], tonumber(f['pending']) end
  end
  return nil
end
-- An entry's fields, from XRANGE's flat [field, value, ...].
local function fields_of(flat)
  local f = {}
  for j = 1, #flat, 2 do f[flat[j]] = flat[j + 1] end
  return f
end
-- An entry's due time: the ms of its id, as a score (s).
local function entry_ms(eid) return tonumber(string.match(eid, '^(%d+)')) end
local function entry_score(eid) return string.format('%.17g', entry_ms(eid) / 1000) end
-- Whether entry eid of S is in flight (in the PEL of group 'rl').
local function pending(S, eid) return #redis.call('xpending', S, 'rl', eid, eid, 1) > 0 end
-- Whether stream id a comes before b ("ms-seq").
local function id_before(a, b)
  local am, as = string.match(a, '^(%d+)%-(%d+)$')
  local bm, bs = string.match(b, '^(%d+)%-(%d+)$')
  am, bm = tonumber(am), tonumber(bm)
  return am < bm or (am == bm and tonumber(as) < tonumber(bs))
end
-- The XRANGE start of the ready entries from start ('(' exclusive, or an id),
-- never at or before the group's last-delivered id last.
local function ready_from(start, last)
  if start == '-' then return '(' .. last end
  local id = start
  if string.sub(id, 1, 1) == '(' then id = string.sub(id, 2) end
  if not id_before(last, id) then return '(' .. last end
  return start
end
