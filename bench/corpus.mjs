// The generated corpus the large-scale benchmarks share (bench/social.mjs, bench/viewer.mjs): users with their
// primary accounts, ready videos and shorts with titles from a vocabulary, their search documents; and the
// one-request-at-a-time latency measurement they report.

/** A vocabulary of 4,000 pronounceable words (and a few accented ones), so queries hit realistic posting lists. */
export function vocabulary() {
  const c = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'st', 'tr', 'gl', 'sh'];
  const v = ['a', 'e', 'i', 'o', 'u', 'é', 'ou', 'ai'];
  const syllables = c.flatMap((x) => v.map((y) => x + y)); // 160
  const words = [];
  // Two or three syllables, spread over the whole space by a stride coprime with its size.
  for (let i = 0; words.length < 4000; i++) {
    const k = (i * 7919) % (160 * 160 * 160);
    const a = syllables[k % 160];
    const b = syllables[Math.floor(k / 160) % 160];
    const t = syllables[Math.floor(k / 25600) % 160];
    words.push(i % 3 === 0 ? a + b : a + b + t);
  }
  return [...new Set(words)];
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function timed(url, headers = {}) {
  const t0 = performance.now();
  const r = await fetch(url, { headers });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
  return performance.now() - t0;
}

/** p50/p95/p99 of `requests` GETs one at a time, cycling through `urls`, after a warm-up of up to 30. */
export async function latencies(label, urls, headers, requests) {
  for (const u of urls.slice(0, 30)) await timed(u, headers); // warm-up, not counted
  const ms = [];
  for (let i = 0; i < requests; i++) ms.push(await timed(urls[i % urls.length], headers));
  return { label, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
}

export function printLatencies(title, rows) {
  console.log(`\n${title}\n`);
  console.log('measure                                   p50 ms   p95 ms   p99 ms');
  for (const r of rows) console.log(`${r.label.padEnd(40)}${r.p50.toFixed(1).padStart(8)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}`);
}

/** Runs one generation step and prints how long it took. */
export async function step(db, what, sql, params = []) {
  const t0 = Date.now();
  await db.query(sql, params);
  console.log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * `users` users (handles user1…userN: a handle has at least 3 characters, public creators, in the directory and the search index) and `videos` ready items
 * (one in five a short) spread over them, titled and described from `words`, with their search documents.
 */
export async function generateUsersAndMedia(db, words, { users, videos }) {
  await db.query('create temporary table vocab as select $1::text[] as w', [words]);
  // random() is volatile, so each pick is drawn again for every row; the words are a constant of the query (a
  // column holding the array would be read again for every pick).
  const pick = `($3::text[])[1 + floor(random() * 4000)::int]`;
  await step(
    db,
    `${users.toLocaleString()} users with their primary accounts`,
    `with u as (
       select gen_random_uuid() as id, g as n, now() - make_interval(secs => g) as at from generate_series(1, $1::int) g),
     ins as (
       insert into users (id, first_name, last_name, display_name, display_name_key, password_hash, status, created_at, updated_at)
       select id, initcap(v.w[1 + (n * 7) % 4000]), initcap(v.w[1 + (n * 13) % 4000]), 'u' || n, 'u' || n, 'x', 'active', at, at from u, vocab v returning id)
     insert into accounts (id, user_id, account_type, display_name, handle, is_primary, is_active, privacy_settings, notification_settings, links, created_at, updated_at)
     select gen_random_uuid(), u.id, 'creator', 'u' || u.n, 'user' || u.n, true, true,
            '{"profile_visibility":"public","video_visibility":"public","comment_permissions":"everyone"}', '{}', '[]', u.at, u.at from u`,
    [users],
  );
  await step(
    db,
    'their directory entries and search documents',
    `insert into social_users (user_id, username, full_name, listed, joined_at)
       select id, display_name, first_name || ' ' || last_name, true, created_at from users where display_name ~ '^u[0-9]+$';
     insert into content_index (kind, ref_id, owner_user_id, account_id, title, body, visibility, popularity, published_at)
       select 'user', u.id, u.id, a.id, u.display_name, u.first_name || ' ' || u.last_name, 'public', 0, u.created_at
         from users u join accounts a on a.user_id = u.id and a.is_primary where u.display_name ~ '^u[0-9]+$'`,
  );
  await step(
    db,
    `${videos.toLocaleString()} ready videos and shorts`,
    `insert into media (id, kind, account_id, user_id, title, description, status, visibility, original_key, original_size, content_type,
                        hls_renditions, is_vertical, views, likes, tags, genres, "cast", duration_seconds, width, height, created_at, updated_at)
     select gen_random_uuid(), case when g % 5 = 0 then 'reel' else 'video' end, a.id, a.user_id,
            initcap(t.w1) || ' ' || t.w2 || ' ' || t.w3 || ' ' || t.w4, t.d, 'ready', 'public', 'bench/none', 1000, 'video/mp4',
            '[]', g % 5 = 0, (random() * 100000)::int, (random() * 5000)::int, '[]', '[]', '[]', 60, 640, 360,
            now() - make_interval(secs => g), now()
       from generate_series(1, $1::int) g
       cross join lateral (select id, user_id from accounts where handle = 'user' || (1 + (g::bigint * 7919) % $2::int)) a
       cross join lateral (select ${pick} as w1, ${pick} as w2, ${pick} as w3, ${pick} as w4,
                                  ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick} as d
                            where g > 0) t`,
    [videos, users, words],
  );
  await step(
    db,
    'their search documents',
    `insert into content_index (kind, ref_id, owner_user_id, account_id, title, body, visibility, popularity, published_at)
     select kind, id, user_id, account_id, title, coalesce(description, ''), 'public', views, created_at from media where original_key = 'bench/none';
     insert into search_words (word)
     select distinct w from content_index, unnest(tsvector_to_array(to_tsvector('simple', title_folded))) w where length(w) between 3 and 100
     on conflict do nothing`,
  );
}
