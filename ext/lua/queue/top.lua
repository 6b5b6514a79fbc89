--redislock:top
--
-- Due tasks, lowest score first, without taking them: [id, score, payload, ...]
-- (payload: nil when the task has none). At most a page of them, from the one
-- after the last task of the page before (rank_after()). On the stream layout
-- the ready entries (never delivered) are due tasks too, each of the score of its
-- entry id (the ms it was appended, in seconds): the two are merged by score, a
-- task of Z before an entry of the same score.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (v, m, b)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   after     string or ''               the last task of the page before ('': none)
-- @arg   after_score string or ''             its score, as the page before gave it

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/payloads.lua"
--#include "common/stream.lua"
local n = page(count)
local now = tonumber(score(now_us))
-- Where each source resumes: right after the last task listed when it is still
-- there with its score; else at that score (the caller drops what it has listed).
local z_from, s_from, after_entry = 0, '-', nil
if after ~= '' then
  local v = redis.call('hget', index, after)
  local eid = v and string.match(v, '^(%d+%-%d+)')
  if eid and entry_ms(eid) / 1000 == tonumber(after_score) and redis.call('zscore', queue, after) == false then
    after_entry = eid
  end
  if after_entry then
    z_from = redis.call('zcount', queue, '-inf', after_score)
    s_from = '(' .. after_entry
  else
    z_from = rank_after(queue, after, after_score)
    s_from = string.format('%d', math.floor(tonumber(after_score) * 1000)) .. '-0'
  end
end
local items = redis.call('zrange', queue, z_from, z_from + n - 1, 'withscores')
local zs, ids, scores = {}, {}, {}
for i = 1, #items, 2 do
  if tonumber(items[i + 1]) > now then break end
  zs[#zs + 1] = {items[i], items[i + 1]}
end
local entries = {}
local last = group_of(stream)
if last and n > 0 then
  -- Only the entries after the group's last-delivered id are ready. Empty
  -- entries (wake-ups, no task) are skipped: up to four reads of n, so that a few
  -- of them do not cut the page short (a short page ends the listing).
  local from = ready_from(s_from, last)
  for _ = 1, 4 do
    local got = redis.call('xrange', stream, from, '+', 'count', n)
    for _, e in ipairs(got) do
      local f = fields_of(e[2])
      if f.i then entries[#entries + 1] = {e[1], f} end
    end
    if #got < n or #entries >= n then break end
    from = '(' .. got[#got][1]
  end
end
-- Merge by score, a task of Z first on a tie.
local zi, si, out, zids = 1, 1, {}, {}
local picked = {}
while #picked < n and (zi <= #zs or si <= #entries) do
  local take_z = si > #entries or (zi <= #zs and tonumber(zs[zi][2]) <= entry_ms(entries[si][1]) / 1000)
  if take_z then picked[#picked + 1] = {zs[zi][1], zs[zi][2], nil, true}; zi = zi + 1
  else
    local e = entries[si]
    local p = e[2].p or false
    if e[2].r then p = redis.call('hget', slot(payloads, spare, e[2].r), e[2].i) end
    picked[#picked + 1] = {e[2].i, entry_score(e[1]), p, false}; si = si + 1
  end
end
for _, p in ipairs(picked) do if p[4] then zids[#zids + 1] = p[1] end end
local bodies, k = payloads_of(payloads, zids, spare), 0
for _, p in ipairs(picked) do
  out[#out + 1] = p[1]; out[#out + 1] = p[2]
  if p[4] then k = k + 1; out[#out + 1] = bodies[k] else out[#out + 1] = p[3] end
end
return out
