<?php
/**
 * The club's ladders kept on its own site: each ladder's name and rules, its players and its games,
 * in four tables of the site's database, with every change recorded (who, when, what). Only the
 * data: the REST routes (ladder-rest.php) are the one way in, the admin page (ladder-admin.php) and a
 * club's scripts use them, and each change writes the ladder's static files (ladder-files.php), which
 * the visitor's browser replays. Deactivation keeps the tables; uninstall.php removes them only when
 * the site owner chose so.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/** The tables' version: a newer one runs dbDelta (which adds, never drops) at the next request (`init`). 2: the log's
 * key by game (the history finds each game's deletion). 3: a ladder's folder (elo_calculator_folder). 4: the log's
 * `who`, the name of the user who made a change (said once the user is deleted). 5 and 6: the import that added a
 * game or a player (`batch`, the id of its entry in the log), and in its entry what its Undo needs (`undo_data`, as
 * UNDO is a word of SQL: the players it changed, as they were, and those it added; NULL once undone, and for an
 * import that changed nothing). */
const ELO_CALCULATOR_DB_VERSION = '6';
/** Keeps a ladder that the user created (Administrators and Editors get it on activation). */
const ELO_CALCULATOR_KEEP = 'elo_calculator_keep_ladders';
/** Keeps any ladder, and creates or deletes ladders for the club. */
const ELO_CALCULATOR_KEEP_OTHERS = 'elo_calculator_keep_others_ladders';
/** The ladder's rules, as the element's attributes name them (the ladder view's settings). */
const ELO_CALCULATOR_LADDER_RULES = array( 'system', 'k', 'start', 'first-k', 'first-games', 'cap-400', 'period', 'provisional', 'inactive-months' );
/** The longest name of a ladder or a player, and of a player's id (the ladder view's names are short). */
const ELO_CALCULATOR_MAX_NAME = 100;
const ELO_CALCULATOR_MAX_ID   = 64;
/** The most games and players a ladder keeps (the ladder view replays at most 100 000 games). */
const ELO_CALCULATOR_MAX_GAMES   = 100000;
const ELO_CALCULATOR_MAX_PLAYERS = 5000;
/** Seconds a change of a ladder waits for another change of it to finish (elo_calculator_lock_ladder): well within
 * a web server's wait for PHP (nginx's fastcgi_read_timeout is 60 s), so that the keeper reads the refusal. A site
 * may set it in wp-config.php. */
if ( ! defined( 'ELO_CALCULATOR_LOCK_WAIT' ) ) {
	define( 'ELO_CALCULATOR_LOCK_WAIT', 30 );
}

/**
 * A table's full name.
 *
 * @param string $name ladders, players, games or log.
 * @return string
 */
function elo_calculator_table( $name ) {
	global $wpdb;
	return $wpdb->prefix . 'elo_calculator_' . $name;
}

/** The tables, created or brought up to date (dbDelta keeps every row). */
function elo_calculator_install_tables() {
	global $wpdb;
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$charset = $wpdb->get_charset_collate();
	dbDelta( 'CREATE TABLE ' . elo_calculator_table( 'ladders' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  slug varchar(80) NOT NULL,
  folder varchar(100) NOT NULL DEFAULT '',
  name varchar(200) NOT NULL,
  rules text NOT NULL,
  owner bigint(20) unsigned NOT NULL,
  created datetime NOT NULL,
  updated datetime NOT NULL,
  deleted datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY slug (slug)
) $charset;
CREATE TABLE " . elo_calculator_table( 'players' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  ladder bigint(20) unsigned NOT NULL,
  code varchar(64) NOT NULL,
  name varchar(200) NOT NULL,
  rating varchar(10) NOT NULL DEFAULT '',
  active tinyint(1) NOT NULL DEFAULT 1,
  batch bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY ladder_code (ladder,code)
) $charset;
CREATE TABLE " . elo_calculator_table( 'games' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  ladder bigint(20) unsigned NOT NULL,
  played date NOT NULL,
  white varchar(64) NOT NULL,
  black varchar(64) NOT NULL,
  result varchar(4) NOT NULL,
  pool varchar(40) NOT NULL DEFAULT '',
  deleted datetime DEFAULT NULL,
  batch bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY ladder_played (ladder,played),
  KEY ladder_batch (ladder,batch)
) $charset;
CREATE TABLE " . elo_calculator_table( 'log' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  ladder bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  who varchar(250) NOT NULL DEFAULT '',
  at datetime NOT NULL,
  action varchar(20) NOT NULL,
  game bigint(20) unsigned DEFAULT NULL,
  detail longtext NOT NULL,
  undo_data longtext DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY ladder_at (ladder,at),
  KEY ladder_game (ladder,game)
) $charset;" );
	update_option( 'elo_calculator_db_version', ELO_CALCULATOR_DB_VERSION );
}

/**
 * On activation: the tables; and, on a site's first install (or after its ladders were deleted with the
 * plugin), the capabilities given to Administrators and Editors. Not again: an administrator who took
 * them from Editors in the settings keeps it so through a deactivation, an activation or an update.
 */
function elo_calculator_activate() {
	$first = false === get_option( 'elo_calculator_db_version' );
	elo_calculator_install_tables();
	if ( ! $first ) {
		return;
	}
	foreach ( array( 'administrator', 'editor' ) as $name ) {
		$role = get_role( $name );
		if ( $role ) {
			$role->add_cap( ELO_CALCULATOR_KEEP );
			$role->add_cap( ELO_CALCULATOR_KEEP_OTHERS );
		}
	}
}

/**
 * After an update (which runs no activation), on each site of a network, before any request reads a
 * ladder: the tables and capabilities of this version (one autoloaded option read when they are).
 */
function elo_calculator_maybe_upgrade() {
	if ( ELO_CALCULATOR_DB_VERSION !== get_option( 'elo_calculator_db_version' ) ) {
		elo_calculator_activate();
	}
}

/**
 * The latest date a result may have: tomorrow, in the site's time zone (a result is entered once its game is
 * played; a day more for a club in another time zone than its site). A year mistyped (2062 for 2026) would
 * make the ladder's last date, from which every player's inactivity is counted, years ahead.
 *
 * @return string YYYY-MM-DD.
 */
function elo_calculator_latest_date() {
	return wp_date( 'Y-m-d', time() + DAY_IN_SECONDS );
}

/**
 * A REST error in WordPress's shape, naming the field at fault.
 *
 * @param string $field   The field ('' when none).
 * @param string $message What is wrong, and what is expected.
 * @param int    $status  The HTTP status.
 * @return WP_Error
 */
function elo_calculator_refuse( $field, $message, $status = 400 ) {
	$data = array( 'status' => $status );
	if ( '' !== $field ) {
		$data['field'] = $field;
	}
	return new WP_Error( 'elo_calculator_' . ( '' === $field ? 'refused' : 'bad_' . str_replace( '-', '_', $field ) ), '' === $field ? $message : elo_calculator_field_word( $field ) . ': ' . $message, $data );
}

/**
 * A field's name as a refusal begins with it, in the site's language ("games: line 3: …" read "games" on a German
 * site: a hostile pass); a rule's is its attribute's name, as the element writes it.
 *
 * @param string $field The field, as the request names it.
 * @return string
 */
function elo_calculator_field_word( $field ) {
	$words = array(
		'white'   => __( 'white', 'elo-calculator' ),
		'black'   => __( 'black', 'elo-calculator' ),
		'date'    => __( 'date', 'elo-calculator' ),
		'result'  => __( 'result', 'elo-calculator' ),
		'pool'    => __( 'pool', 'elo-calculator' ),
		'games'   => __( 'games', 'elo-calculator' ),
		'players' => __( 'players', 'elo-calculator' ),
		'id'      => __( 'id', 'elo-calculator' ),
		'name'    => __( 'name', 'elo-calculator' ),
		'rating'  => __( 'rating', 'elo-calculator' ),
		'active'  => __( 'active', 'elo-calculator' ),
	);
	return isset( $words[ $field ] ) ? $words[ $field ] : $field;
}

/**
 * A name as kept: trimmed as a browser trims, spaces single, 1 to ELO_CALCULATOR_MAX_NAME characters,
 * no control, invisible or text-direction character (which would make one name look like another). Any other text is kept as it is (HTML is text: every page escapes it).
 *
 * @param string $field The field, for the message.
 * @param mixed  $value As sent.
 * @param int    $max   The most characters.
 * @return string|WP_Error
 */
function elo_calculator_read_name( $field, $value, $max = ELO_CALCULATOR_MAX_NAME ) {
	if ( is_float( $value ) ) { // JSON's 12345678901234567890 or 1.5: kept as 1.2345678901235E+19 (a hostile pass)
		return elo_calculator_refuse( $field, __( 'a number with a point or of more than 18 digits loses digits as a JSON number: send it as text, in quotes.', 'elo-calculator' ) );
	}
	$text = is_string( $value ) || is_int( $value ) ? elo_calculator_js_trim( (string) $value ) : null;
	if ( null === $text ) {
		return elo_calculator_refuse( $field, __( 'expected a text in UTF-8.', 'elo-calculator' ) );
	}
	$text = (string) preg_replace( '/\s+/u', ' ', $text );
	if ( '' === $text ) {
		return elo_calculator_refuse( $field, __( 'must not be empty.', 'elo-calculator' ) );
	}
	if ( mb_strlen( $text, 'UTF-8' ) > $max ) {
		/* translators: %d: the most characters. */
		return elo_calculator_refuse( $field, sprintf( __( 'at most %d characters.', 'elo-calculator' ), $max ) );
	}
	// Controls, and every invisible formatting character (Unicode's Cf: soft hyphen, the marks of direction, zero
	// widths...) and the combining grapheme joiner, which would make one name look like another. But the zero-width
	// non-joiner and joiner, which Persian spelling (علی‌رضا) and emoji (👩‍💻) hold: the view reads the name without
	// them, and so does elo_calculator_lower.
	if ( 1 === preg_match( '/(?![\x{200C}\x{200D}])[\x{00}-\x{1F}\x{7F}-\x{9F}\x{034F}\p{Cf}]/u', $text, $found ) ) {
		/* translators: %s: the character's code, such as U+200B. */
		return elo_calculator_refuse( $field, sprintf( __( 'holds a control or invisible character (%s).', 'elo-calculator' ), sprintf( 'U+%04X', elo_calculator_code_point( $found[0] ) ) ) );
	}
	if ( '' === trim( (string) preg_replace( '/[\x{200C}\x{200D}]/u', '', $text ) ) ) { // the view reads it as empty
		return elo_calculator_refuse( $field, __( 'must not be empty.', 'elo-calculator' ) );
	}
	return $text;
}

/**
 * The code point of one character in UTF-8 (PHP's mbstring, which has mb_ord, is not on every host).
 *
 * @param string $char The character's bytes.
 * @return int
 */
function elo_calculator_code_point( $char ) {
	$bytes = array_values( (array) unpack( 'C*', $char ) );
	$count = count( $bytes );
	$code  = 1 === $count ? $bytes[0] : $bytes[0] & ( 0xFF >> ( $count + 1 ) );
	for ( $i = 1; $i < $count; $i++ ) {
		$code = ( $code << 6 ) | ( $bytes[ $i ] & 0x3F );
	}
	return $code;
}

/**
 * A start rating as clubs write it (1850, 1850.5, 1850,5; 1.850 or 1'850 with a thousands separator),
 * from 0 to 4000 as the ladder view reads a players file; '' for none (the ladder's start rating).
 *
 * @param mixed $value As sent.
 * @return string|null The rating ('' for none), or null when it is no rating.
 */
function elo_calculator_read_rating( $value ) {
	$text = is_int( $value ) || is_float( $value ) ? (string) $value : ( is_string( $value ) ? (string) elo_calculator_js_trim( $value ) : null );
	if ( null === $text || '' === $text ) {
		return $text;
	}
	$text = 1 === preg_match( '/^\d[.,\']\d{3}\z/', $text ) ? str_replace( array( '.', ',', "'" ), '', $text ) : str_replace( ',', '.', $text );
	if ( 1 !== preg_match( '/^\d{1,4}(\.\d{1,2})?\z/', $text ) || (float) $text > 4000 ) {
		return null;
	}
	return $text;
}

/**
 * Whether a player is active: true, false, 1, 0, or a word as a players file writes it (yes, no, nein,
 * retired...: contract.php's lists, as the ladder view reads them); null when it is neither.
 *
 * @param mixed $value As sent.
 * @return bool|null
 */
function elo_calculator_read_active( $value ) {
	if ( is_bool( $value ) || 0 === $value || 1 === $value ) {
		return (bool) $value;
	}
	if ( ! is_string( $value ) ) {
		return null;
	}
	$key = (string) preg_replace( '/[^a-z0-9]/', '', strtolower( remove_accents( $value ) ) );
	if ( in_array( $key, elo_calculator_contract( 'inactive' ), true ) ) {
		return false;
	}
	return '' === $key || 'true' === $key || in_array( $key, elo_calculator_contract( 'active' ), true ) ? true : null;
}

/**
 * The ladder's rules from what was sent: each as the element's attribute of that name accepts it; the
 * system one the ladder view offers.
 *
 * @param array<string, mixed> $sent  The request's values.
 * @param array<string, string> $rules The rules kept so far.
 * @return array<string, string>|WP_Error
 */
function elo_calculator_read_rules( $sent, $rules = array() ) {
	foreach ( ELO_CALCULATOR_LADDER_RULES as $name ) {
		if ( ! array_key_exists( $name, $sent ) || null === $sent[ $name ] ) {
			continue;
		}
		$value = is_scalar( $sent[ $name ] ) ? elo_calculator_js_trim( (string) $sent[ $name ] ) : null;
		if ( '' === $value ) {
			unset( $rules[ $name ] ); // the ladder view's own default
			continue;
		}
		$offered = 'system' !== $name || array_key_exists( (string) $value, elo_calculator_view_systems( 'ladder' ) );
		if ( null === $value || ! $offered || ! elo_calculator_accepts( $name, $value ) ) {
			/* translators: %s: the value sent. */
			return elo_calculator_refuse( $name, sprintf( __( '"%s" is not a value the ladder takes.', 'elo-calculator' ), is_scalar( $sent[ $name ] ) ? (string) $sent[ $name ] : gettype( $sent[ $name ] ) ) );
		}
		$rules[ $name ] = $value;
	}
	return $rules;
}

/**
 * A ladder by its slug, with its rules decoded; null when there is none.
 *
 * @param string $slug The ladder's slug.
 * @return array<string, mixed>|null
 */
function elo_calculator_ladder( $slug ) {
	global $wpdb;
	$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . elo_calculator_table( 'ladders' ) . ' WHERE slug = %s AND deleted IS NULL', (string) $slug ), ARRAY_A );
	if ( ! $row ) {
		return null;
	}
	$rules       = json_decode( (string) $row['rules'], true );
	$row['rules'] = is_array( $rules ) ? $rules : array();
	$row['id']    = (int) $row['id'];
	$row['owner'] = (int) $row['owner'];
	return $row;
}

/**
 * The ladders, newest first.
 *
 * @return array<int, array<string, mixed>>
 */
function elo_calculator_ladders() {
	global $wpdb;
	$rows = $wpdb->get_results( 'SELECT slug FROM ' . elo_calculator_table( 'ladders' ) . ' WHERE deleted IS NULL ORDER BY id DESC', ARRAY_A );
	return array_values( array_filter( array_map( function ( $row ) {
		return elo_calculator_ladder( $row['slug'] );
	}, (array) $rows ) ) );
}

/**
 * Whether the current user may change a ladder: its owner with the capability to keep ladders, or
 * one who keeps every ladder.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return bool
 */
function elo_calculator_may_keep( $ladder ) {
	if ( current_user_can( ELO_CALCULATOR_KEEP_OTHERS ) ) {
		return true;
	}
	return current_user_can( ELO_CALCULATOR_KEEP ) && get_current_user_id() === (int) $ladder['owner'];
}

/**
 * A slug no ladder has had: the name's, then -2, -3... (a deleted ladder keeps its slug, so that a
 * page that showed it never shows another ladder).
 *
 * @param string $name The ladder's name.
 * @return string
 */
function elo_calculator_new_slug( $name ) {
	global $wpdb;
	// sanitize_title percent-encodes what is not Latin (Hebrew, Arabic, emoji): those bytes go whole, not as their
	// hex digits (סולם gave d7a1d795d79cd79d), and a name of nothing else is a "ladder".
	$base  = (string) preg_replace( '/-{2,}/', '-', (string) preg_replace( '/%[0-9a-f]{2}|[^a-z0-9-]+/', '', sanitize_title( $name ) ) );
	$base  = trim( substr( trim( $base, '-' ), 0, 60 ), '-' );
	$base  = '' === $base ? 'ladder' : $base;
	$taken = $wpdb->get_col( $wpdb->prepare( 'SELECT slug FROM ' . elo_calculator_table( 'ladders' ) . ' WHERE slug = %s OR slug LIKE %s', $base, $wpdb->esc_like( $base . '-' ) . '%' ) );
	$slug  = $base;
	for ( $n = 2; in_array( $slug, (array) $taken, true ); $n++ ) {
		$slug = $base . '-' . $n;
	}
	return $slug;
}

/**
 * Whether the current user keeps ladders at all (their own, or every one).
 *
 * @return bool
 */
function elo_calculator_keeps_any() {
	return current_user_can( ELO_CALCULATOR_KEEP ) || current_user_can( ELO_CALCULATOR_KEEP_OTHERS );
}

/**
 * Records a change of a ladder: who, when, what.
 *
 * @param int                  $ladder The ladder's id.
 * @param string               $action What was done (created, rules, player, game, edited, deleted, restored, imported,
 *                                     import_undone, removed).
 * @param array<string, mixed> $detail What it was before and after.
 * @param int|null             $game   The game's id, for a game's change.
 * @return int The entry's id (0 when the database refused it).
 */
function elo_calculator_log( $ladder, $action, $detail, $game = null ) {
	global $wpdb;
	$now = current_time( 'mysql', true );
	$kept = $wpdb->insert( elo_calculator_table( 'log' ), array(
		'ladder'  => $ladder,
		'user_id' => get_current_user_id(),
		'who'     => mb_substr( (string) wp_get_current_user()->display_name, 0, 250 ), // said once the user is deleted
		'at'      => $now,
		'action'  => $action,
		'game'    => $game,
		'detail'  => wp_json_encode( $detail ),
	) );
	$id = false === $kept ? 0 : (int) $wpdb->insert_id;
	$wpdb->update( elo_calculator_table( 'ladders' ), array( 'updated' => $now ), array( 'id' => $ladder ) );
	return $id;
}

/**
 * A ladder's players, in the order they were added.
 *
 * @param int $ladder The ladder's id.
 * @return array<int, array{id: string, name: string, rating: string, active: bool}>
 */
function elo_calculator_players( $ladder ) {
	global $wpdb;
	$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT code, name, rating, active FROM ' . elo_calculator_table( 'players' ) . ' WHERE ladder = %d ORDER BY id', $ladder ), ARRAY_A );
	return array_map( function ( $row ) {
		return array(
			'id'     => (string) $row['code'],
			'name'   => (string) $row['name'],
			'rating' => (string) $row['rating'],
			'active' => '1' === (string) $row['active'],
		);
	}, (array) $rows );
}

/** The games a read of a ladder answers (GET /ladders/<slug>): `per_page` of them, 200 unless asked (the admin page
 * lists 200), at most 1000. */
const ELO_CALCULATOR_GAMES_PER_PAGE      = 200;
const ELO_CALCULATOR_GAMES_MOST_PER_PAGE = 1000;

/**
 * A page of a ladder's games (not deleted) that `$search` finds (elo_calculator_games_where), the latest first: page
 * 1 holds the latest `$per_page` games, page 2 those before them, and so on; each page by date then as entered, as
 * the games file lists them. A page, never every game: a ladder of 100 000 games read whole, as arrays and then as
 * JSON, took more than PHP's usual 128 MB, and its admin page never opened again (a hostile pass). Every game is in
 * the games file.
 *
 * @param int    $ladder   The ladder's id.
 * @param int    $page     The page, from 1 (the latest games).
 * @param int    $per_page Games a page.
 * @param string $search   What the games are found by ('': every game).
 * @return array<int, array<string, mixed>>
 */
function elo_calculator_games( $ladder, $page = 1, $per_page = ELO_CALCULATOR_GAMES_PER_PAGE, $search = '' ) {
	global $wpdb;
	$rows = $wpdb->get_results( 'SELECT id, played, white, black, result, pool FROM ' . elo_calculator_table( 'games' ) . ' WHERE ' . elo_calculator_games_where( $ladder, $search ) . ' ORDER BY played DESC, id DESC LIMIT ' . (int) $per_page . ' OFFSET ' . (int) ( ( $page - 1 ) * $per_page ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the condition is prepared, the numbers are ints
	return array_reverse( array_map( 'elo_calculator_game_out', (array) $rows ) );
}

/**
 * How many games a ladder keeps (not deleted), or how many of them `$search` finds.
 *
 * @param int    $ladder The ladder's id.
 * @param string $search What the games are found by ('': every game).
 * @return int
 */
function elo_calculator_game_count( $ladder, $search = '' ) {
	global $wpdb;
	return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . elo_calculator_table( 'games' ) . ' WHERE ' . elo_calculator_games_where( $ladder, $search ) ); // phpcs:ignore WordPress.DB -- the condition is prepared
}

/**
 * The SQL condition of a ladder's games (not deleted) that `$search` finds: those whose date begins with it (2026-09,
 * 2026-09-01), and those of a player whose id or name holds it, letter case aside; every game for ''. So that a game
 * older than the latest 200 can be found on the admin page to be corrected or deleted (a hostile pass: it could not).
 *
 * @param int    $ladder The ladder's id.
 * @param string $search What the games are found by.
 * @return string
 */
function elo_calculator_games_where( $ladder, $search ) {
	global $wpdb;
	$where  = $wpdb->prepare( 'ladder = %d AND deleted IS NULL', $ladder );
	$search = trim( $search );
	if ( '' === $search ) {
		return $where;
	}
	$key   = elo_calculator_lower( $search );
	$named = array();
	foreach ( elo_calculator_players( $ladder ) as $player ) {
		if ( false !== strpos( elo_calculator_lower( $player['id'] ), $key ) || false !== strpos( elo_calculator_lower( $player['name'] ), $key ) ) {
			$named[] = $wpdb->prepare( '%s', $player['id'] );
		}
	}
	$players = $named ? ' OR white IN (' . implode( ',', $named ) . ') OR black IN (' . implode( ',', $named ) . ')' : '';
	return $where . $wpdb->prepare( ' AND (played LIKE %s', $wpdb->esc_like( $search ) . '%' ) . $players . ')';
}

/**
 * A game as the routes answer it.
 *
 * @param array<string, mixed> $row The game's row.
 * @return array<string, mixed>
 */
function elo_calculator_game_out( $row ) {
	return array(
		'id'     => (int) $row['id'],
		'date'   => (string) $row['played'],
		'white'  => (string) $row['white'],
		'black'  => (string) $row['black'],
		'result' => elo_calculator_result_text( (string) $row['result'] ),
		'pool'   => (string) $row['pool'],
	);
}

/**
 * A kept game's row, deleted or not; null when the ladder has no such game.
 *
 * @param int $ladder The ladder's id.
 * @param int $id     The game's id.
 * @return array<string, mixed>|null
 */
function elo_calculator_game_row( $ladder, $id ) {
	global $wpdb;
	$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . elo_calculator_table( 'games' ) . ' WHERE ladder = %d AND id = %d', $ladder, $id ), ARRAY_A );
	return $row ? $row : null;
}

/**
 * The results as kept (a code) and as written out: the forms the ladder view reads, none a spreadsheet
 * runs as a formula (`1-0f`, not `+`).
 *
 * @return array<string, string>
 */
function elo_calculator_result_forms() {
	return array(
		'1'   => '1-0',
		'0.5' => '1/2-1/2',
		'0'   => '0-1',
		'+'   => '1-0f',
		'-'   => '0-1f',
		'--'  => '0-0',
	);
}

/**
 * A kept result's written form.
 *
 * @param string $code The kept code.
 * @return string
 */
function elo_calculator_result_text( $code ) {
	$forms = elo_calculator_result_forms();
	return isset( $forms[ $code ] ) ? $forms[ $code ] : $code;
}

/**
 * A result as sent, to its kept code: the forms elo_core's ledger reads (contract.php's `results`:
 * 1-0, ½, =, 0,5, draw, + for a forfeit...).
 *
 * @param mixed $value As sent.
 * @return string|null The code, or null when it is no result.
 */
function elo_calculator_result_code( $value ) {
	if ( is_int( $value ) || is_float( $value ) ) {
		$value = (string) $value;
	}
	if ( ! is_string( $value ) ) {
		return null;
	}
	$key     = strtolower( trim( (string) preg_replace( '/\s+/u', ' ', $value ) ) );
	$results = elo_calculator_contract( 'results' );
	foreach ( array( $key, str_replace( ' ', '', $key ) ) as $form ) {
		if ( isset( $results[ $form ] ) ) {
			return (string) $results[ $form ];
		}
	}
	return null;
}
