-- The traffic of bench/load.py: `wrk ... -s traffic.lua <url> -- <endpoint> <salt> [<api key>]`,
-- endpoint one of classify, validate, settle, optimal, analysis, play, drills (5 random-theme drills with a
-- new seed each time), or a batch of the largest size each takes: classify1000, validate200, optimal100,
-- analysis100, settle200; or optimal_variants (a new variant each time);
-- every request with fresh random cards.
-- Each wrk thread has its own Lua state; init() seeds it differently.
local ranks = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}
local suits = {"s", "h", "d", "c"}
local deck = {}
for _, rank in ipairs(ranks) do
  for _, suit in ipairs(suits) do table.insert(deck, rank .. suit) end
end

-- n fresh random cards, quoted for JSON (a partial Fisher-Yates shuffle)
local function deal(n)
  for i = 1, n do
    local j = math.random(i, 52)
    deck[i], deck[j] = deck[j], deck[i]
  end
  local cards = {}
  for i = 1, n do cards[i] = '"' .. deck[i] .. '"' end
  return cards
end

local function list(cards, from, to)
  return "[" .. table.concat(cards, ",", from, to) .. "]"
end

local function arrangement(cards, offset)
  return '{"back":' .. list(cards, offset + 1, offset + 5) .. ',"middle":' .. list(cards, offset + 6, offset + 10)
    .. ',"front":' .. list(cards, offset + 11, offset + 13) .. '}'
end

local bodies = {
  classify = function() return "/v1/hands/classify", '{"cards":' .. list(deal(5), 1, 5) .. '}' end,
  validate = function()
    return "/v1/arrangements/validate", '{"variant":"online","arrangement":' .. arrangement(deal(13), 0) .. '}'
  end,
  settle = function()
    local cards = deal(52)
    local players = {}
    for seat = 0, 3 do
      players[seat + 1] = '{"id":"p' .. seat .. '","arrangement":' .. arrangement(cards, seat * 13) .. '}'
    end
    return "/v1/settlements", '{"variant":"online","bet":"10","players":[' .. table.concat(players, ",") .. ']}'
  end,
  optimal = function() return "/v1/arrangements/optimal", '{"cards":' .. list(deal(13), 1, 13) .. '}' end,
  -- a variant of its own each time (one of 500): the per-variant tables come and go
  optimal_variants = function()
    return "/v1/arrangements/optimal", '{"variant":{"preset":"online","overrides":{"bonuses":{"back.quads":'
      .. math.random(1, 500) .. '}}},"cards":' .. list(deal(13), 1, 13) .. '}'
  end,
  analysis = function()
    return "/v1/arrangements/analysis", '{"variant":"online","arrangement":' .. arrangement(deal(13), 0) .. '}'
  end,
  analysis100 = function()
    local items = {}
    for i = 1, 100 do items[i] = '{"arrangement":' .. arrangement(deal(13), 0) .. '}' end
    return "/v1/arrangements/analysis/batch", '{"variant":"online","arrangements":[' .. table.concat(items, ",") .. ']}'
  end,
  validate200 = function()
    local items = {}
    for i = 1, 200 do items[i] = arrangement(deal(13), 0) end
    return "/v1/arrangements/validate/batch", '{"variant":"online","arrangements":[' .. table.concat(items, ",") .. ']}'
  end,
  drills = function()
    return "/v1/drills", '{"variant":"online","theme":"random","count":5,"seed":' .. math.random(0, 2000000000) .. '}'
  end,
  classify1000 = function()
    local items = {}
    for i = 1, 1000 do items[i] = list(deal(5), 1, 5) end
    return "/v1/hands/classify/batch", '{"hands":[' .. table.concat(items, ",") .. ']}'
  end,
  optimal100 = function()
    local items = {}
    for i = 1, 100 do items[i] = list(deal(13), 1, 13) end
    return "/v1/arrangements/optimal/batch", '{"variant":"online","hands":[' .. table.concat(items, ",") .. ']}'
  end,
  settle200 = function()
    local tables = {}
    for i = 1, 200 do
      local cards = deal(52)
      local players = {}
      for seat = 0, 3 do
        players[seat + 1] = '{"id":"p' .. seat .. '","arrangement":' .. arrangement(cards, seat * 13) .. '}'
      end
      tables[i] = '{"bet":"10","players":[' .. table.concat(players, ",") .. ']}'
    end
    return "/v1/settlements/batch", '{"variant":"online","tables":[' .. table.concat(tables, ",") .. ']}'
  end,
  play = function()
    return "/v1/arrangements/play", '{"variant":"online","level":"club","cards":' .. list(deal(13), 1, 13) .. '}'
  end,
}

local body
function init(args)
  body = bodies[args[1]]
  if args[3] and args[3] ~= "" then wrk.headers["X-API-Key"] = args[3] end
  math.randomseed(os.time() * 1000 + (tonumber(args[2]) or 0) + math.floor(os.clock() * 1000000))
end

-- Answers by status class, per thread (each thread's Lua state), summed in done().
local threads = {}
function setup(thread) table.insert(threads, thread) end
throttled, unavailable, server_errors = 0, 0, 0
function response(status, headers, payload)
  if status == 429 then throttled = throttled + 1
  elseif status == 503 then unavailable = unavailable + 1
  elseif status >= 500 then server_errors = server_errors + 1 end
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  local path, payload = body()
  return wrk.format(nil, path, nil, payload)
end

-- One JSON line that bench/load.py reads.
function done(summary, latency, requests)
  local errors = summary.errors
  local counts = {0, 0, 0}
  for _, thread in ipairs(threads) do
    counts[1] = counts[1] + thread:get("throttled")
    counts[2] = counts[2] + thread:get("unavailable")
    counts[3] = counts[3] + thread:get("server_errors")
  end
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"non_2xx":%d,'
      .. '"connect":%d,"read":%d,"write":%d,"timeout":%d,"throttled":%d,"unavailable":%d,"server_errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    errors.status, errors.connect, errors.read, errors.write, errors.timeout, counts[1], counts[2], counts[3]))
end
