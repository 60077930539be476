<?php
/**
 * Every change of a ladder, checked whole before anything is written (a refused change leaves the
 * ladder as it was), recorded in its log, and followed by its static files written anew; one at a time
 * (elo_calculator_in_turn). The REST routes (ladder-rest.php) call these after their permission callbacks.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/**
 * A ladder as the routes answer it: its slug, name, rules, files' addresses and last change; with
 * its players, a page of its games (elo_calculator_games), how many it keeps and how many were found, when asked.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param bool                 $whole  With its players and games.
 * @param array<string, mixed> $games Which games: `page`, `per_page`, `search` (elo_calculator_games's).
 * @return array<string, mixed>
 */
function elo_calculator_ladder_out( $ladder, $whole = false, $games = array() ) {
	$out = array(
		'slug'        => $ladder['slug'],
		'name'        => $ladder['name'],
		'rules'       => (object) $ladder['rules'],
		'csv_url'     => elo_calculator_ladder_url( $ladder, 'games.csv' ),
		'players_url' => elo_calculator_ladder_url( $ladder, 'players.csv' ),
		'files_named' => elo_calculator_folder( $ladder ) === $ladder['slug'], // its files' address made from its name
		'updated'     => mysql_to_rfc3339( (string) $ladder['updated'] ),
		'updated_day' => get_date_from_gmt( (string) $ladder['updated'], 'Y-m-d' ), // the site's date (kept in UTC)
		'owner'       => (int) $ladder['owner'],
		'may_keep'    => elo_calculator_may_keep( $ladder ), // the user asking: else the page shows it to read
	);
	if ( $whole ) {
		$out['players']     = elo_calculator_players( $ladder['id'] );
		$out['playing']     = elo_calculator_playing( $ladder['id'] ); // the players who may not be removed
		$games             += array( 'page' => 1, 'per_page' => ELO_CALCULATOR_GAMES_PER_PAGE, 'search' => '' );
		$out['games']       = elo_calculator_games( $ladder['id'], $games['page'], $games['per_page'], $games['search'] );
		$out['games_total'] = elo_calculator_game_count( $ladder['id'] );
		$out['games_found'] = '' === trim( $games['search'] ) ? $out['games_total'] : elo_calculator_game_count( $ladder['id'], $games['search'] );
		$out['games_page']  = $games['page'];
		$out['games_pages'] = max( 1, (int) ceil( $out['games_found'] / $games['per_page'] ) );
	}
	return $out;
}

/**
 * The ids of the players who have a game on the ladder (not deleted).
 *
 * @param int $ladder The ladder's id.
 * @return string[]
 */
function elo_calculator_playing( $ladder ) {
	global $wpdb;
	$games = elo_calculator_table( 'games' );
	return array_map( 'strval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT white FROM $games WHERE ladder = %d AND deleted IS NULL UNION SELECT black FROM $games WHERE ladder = %d AND deleted IS NULL", $ladder, $ladder ) ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
}

/**
 * A new ladder: `name` and the rules (elo_calculator_read_rules), kept by the current user.
 *
 * @param array<string, mixed> $sent The request's values.
 * @return array<string, mixed>|WP_Error The ladder.
 */
function elo_calculator_create_ladder( $sent ) {
	global $wpdb;
	$name  = elo_calculator_read_name( 'name', isset( $sent['name'] ) ? $sent['name'] : '' );
	$rules = is_wp_error( $name ) ? $name : elo_calculator_read_rules( $sent );
	if ( is_wp_error( $rules ) ) {
		return $rules;
	}
	$now  = current_time( 'mysql', true );
	$slug = elo_calculator_new_slug( $name );
	$wpdb->insert( elo_calculator_table( 'ladders' ), array(
		'slug'    => $slug,
		'folder'  => $slug . '-' . strtolower( wp_generate_password( 16, false ) ), // elo_calculator_folder
		'name'    => $name,
		'rules'   => wp_json_encode( (object) $rules ),
		'owner'   => get_current_user_id(),
		'created' => $now,
		'updated' => $now,
	) );
	$ladder = elo_calculator_ladder( (string) $wpdb->get_var( $wpdb->prepare( 'SELECT slug FROM ' . elo_calculator_table( 'ladders' ) . ' WHERE id = %d', $wpdb->insert_id ) ) );
	if ( ! $ladder ) {
		return elo_calculator_refuse( '', __( 'The ladder could not be saved.', 'elo-calculator' ), 500 );
	}
	elo_calculator_log( $ladder['id'], 'created', array( 'name' => $name, 'rules' => $rules ) );
	return elo_calculator_changed( $ladder['slug'] );
}

/**
 * The ladder's name or rules changed (an empty rule: the ladder view's own default).
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param array<string, mixed> $sent   The request's values.
 * @return array<string, mixed>|WP_Error
 */
function elo_calculator_update_ladder( $ladder, $sent ) {
	global $wpdb;
	$name  = isset( $sent['name'] ) ? elo_calculator_read_name( 'name', $sent['name'] ) : $ladder['name'];
	$rules = is_wp_error( $name ) ? $name : elo_calculator_read_rules( $sent, $ladder['rules'] );
	if ( is_wp_error( $rules ) ) {
		return $rules;
	}
	$wpdb->update( elo_calculator_table( 'ladders' ), array(
		'name'  => $name,
		'rules' => wp_json_encode( (object) $rules ),
	), array( 'id' => $ladder['id'] ) );
	elo_calculator_log( $ladder['id'], 'rules', array(
		'before' => array( 'name' => $ladder['name'], 'rules' => $ladder['rules'] ),
		'after'  => array( 'name' => $name, 'rules' => $rules ),
	) );
	return elo_calculator_changed( $ladder['slug'] );
}

/**
 * A ladder removed with its players, games, log and files. Its row stays, marked deleted, so that its
 * slug names no ladder again (a page that showed it says it is gone).
 *
 * @param array<string, mixed> $ladder The ladder.
 */
function elo_calculator_delete_ladder( $ladder ) {
	global $wpdb;
	$wpdb->update( elo_calculator_table( 'ladders' ), array( 'deleted' => current_time( 'mysql', true ), 'rules' => '{}' ), array( 'id' => $ladder['id'] ) );
	elo_calculator_remove_files( elo_calculator_folder( $ladder ) );
	foreach ( array( 'players', 'games', 'log' ) as $table ) {
		$wpdb->delete( elo_calculator_table( $table ), array( 'ladder' => $ladder['id'] ) );
	}
}

/**
 * The answer when the database refused a write (nothing else was written).
 *
 * @return WP_Error
 */
function elo_calculator_not_saved() {
	return elo_calculator_refuse( '', __( 'The database did not save the change; nothing was changed.', 'elo-calculator' ), 500 );
}

/**
 * The answer when the ladder's games file would pass what the ladder view fetches.
 *
 * @return WP_Error
 */
function elo_calculator_too_big() {
	/* translators: %d: the most megabytes. */
	return elo_calculator_refuse( '', sprintf( __( 'The ladder\'s files would pass %d MB, more than a visitor\'s browser reads: start a new ladder for the new season.', 'elo-calculator' ), elo_calculator_max_file_bytes() / 1000000 ), 413 );
}

/**
 * The ladder as it is now, its static files written anew.
 *
 * @param string $slug The ladder's slug.
 * @return array<string, mixed>|WP_Error
 */
function elo_calculator_changed( $slug ) {
	$ladder  = elo_calculator_ladder( $slug );
	$written = $ladder ? elo_calculator_write_files( $ladder ) : false;
	if ( ! $ladder || ! $written ) {
		return elo_calculator_refuse( '', __( 'The change is saved, but the ladder\'s file in wp-content/uploads could not be written: the page shows the ladder as it was until it can.', 'elo-calculator' ), 500 );
	}
	return $ladder;
}

/**
 * `$change` made with the ladder's lock held, given the ladder as it is then: a ladder's changes take turns. Two at
 * once (two keepers, two tabs, an import and a result typed) each wrote the ladder's files from what it had read,
 * and the last to finish could leave the other's change out of them until the next; two imports each added the
 * games the other was adding.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param callable             $change Makes the change to the ladder it is given; returns its answer.
 * @return mixed The change's answer; a refusal (WP_Error) when another change held the lock all the wait (409), or
 *               deleted the ladder (404).
 */
function elo_calculator_in_turn( $ladder, $change ) {
	$lock = elo_calculator_lock_ladder( $ladder );
	if ( is_wp_error( $lock ) ) {
		return $lock;
	}
	try {
		$now = elo_calculator_ladder( $ladder['slug'] );
		return $now ? $change( $now ) : elo_calculator_no_ladder();
	} finally {
		elo_calculator_unlock_ladder( $lock );
	}
}

/**
 * The answer for a slug that names no ladder.
 *
 * @return WP_Error
 */
function elo_calculator_no_ladder() {
	return elo_calculator_refuse( 'slug', __( 'no ladder has this slug (it may have been deleted).', 'elo-calculator' ), 404 );
}

/**
 * The ladder's lock (MySQL's GET_LOCK: a lock of the connection, let go when the request ends however it
 * ends), waited for ELO_CALCULATOR_LOCK_WAIT seconds; null where the database has no such locks.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return string|null|WP_Error The lock's name; a refusal when another change held it all that time.
 */
function elo_calculator_lock_ladder( $ladder ) {
	global $wpdb;
	$name  = elo_calculator_lock_name( $ladder );
	$quiet = $wpdb->suppress_errors( true );
	$got   = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', $name, ELO_CALCULATOR_LOCK_WAIT ) );
	$wpdb->suppress_errors( $quiet );
	if ( null === $got ) {
		return null;
	}
	if ( '1' !== (string) $got ) {
		return elo_calculator_refuse( '', __( 'Another change to this ladder is still being saved: try again when it has finished.', 'elo-calculator' ), 409 );
	}
	return $name;
}

/**
 * The name of a ladder's lock: at most 64 characters, of this site's tables (two sites may share a database
 * server).
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return string
 */
function elo_calculator_lock_name( $ladder ) {
	return 'elo_calculator:' . md5( DB_NAME . '.' . elo_calculator_table( 'games' ) ) . ':' . (int) $ladder['id'];
}

/**
 * Lets go of the ladder's lock.
 *
 * @param string|null $name The lock's name (null: none was taken).
 */
function elo_calculator_unlock_ladder( $name ) {
	global $wpdb;
	if ( null !== $name ) {
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $name ) );
	}
}

/**
 * A player as sent, checked: `id` (default: the name, cut to fit: elo_calculator_id_for), `name`, `rating` (empty: the ladder's start
 * rating), `active`. `$was` is the player being changed (whose id cannot change: games name it).
 *
 * @param array<string, mixed>                    $sent    The request's values.
 * @param array<int, array<string, mixed>>        $players The ladder's players.
 * @param array<string, mixed>|null               $was     The player changed; null for a new one.
 * @return array{id: string, name: string, rating: string, active: bool}|WP_Error
 */
function elo_calculator_read_player( $sent, $players, $was = null ) {
	$name = isset( $sent['name'] ) || ! $was ? elo_calculator_read_name( 'name', isset( $sent['name'] ) ? $sent['name'] : '' ) : $was['name'];
	if ( is_wp_error( $name ) ) {
		return $name;
	}
	$given = isset( $sent['id'] ) && '' !== $sent['id'];
	$code  = $was ? $was['id'] : elo_calculator_read_name( 'id', $given ? $sent['id'] : elo_calculator_id_for( $name, $players ), ELO_CALCULATOR_MAX_ID );
	if ( is_wp_error( $code ) ) {
		return $code;
	}
	$rating = isset( $sent['rating'] ) ? elo_calculator_read_rating( $sent['rating'] ) : ( $was ? $was['rating'] : '' );
	if ( null === $rating ) {
		return elo_calculator_refuse( 'rating', __( 'a rating from 0 to 4000, such as 1500, or empty for the ladder\'s start rating.', 'elo-calculator' ) );
	}
	$active = isset( $sent['active'] ) ? elo_calculator_read_active( $sent['active'] ) : ( $was ? $was['active'] : true );
	if ( null === $active ) {
		return elo_calculator_refuse( 'active', __( 'yes or no.', 'elo-calculator' ) );
	}
	// Ids and names are each one player's, letter case aside (the database's and the ladder view's rule).
	foreach ( $players as $other ) {
		if ( ! $was && elo_calculator_lower( $other['id'] ) === elo_calculator_lower( $code ) ) {
			/* translators: %s: the player's id. */
			return elo_calculator_refuse( 'id', sprintf( __( 'the ladder already has a player "%s".', 'elo-calculator' ), $other['id'] ), 409 );
		}
		if ( ( ! $was || $other['id'] !== $was['id'] ) && elo_calculator_lower( $other['name'] ) === elo_calculator_lower( $name ) ) {
			/* translators: %s: the player's name. */
			return elo_calculator_refuse( 'name', sprintf( __( 'the ladder already has a player named "%s": give one of them another name.', 'elo-calculator' ), $other['name'] ), 409 );
		}
		// Nor is a name another player's id, or an id another's name: a result naming it would be either's.
		if ( ( ! $was || $other['id'] !== $was['id'] ) && elo_calculator_lower( $other['id'] ) === elo_calculator_lower( $name ) ) {
			/* translators: 1: the name, 2: the other player's name. */
			return elo_calculator_refuse( 'name', sprintf( __( '"%1$s" is the id of another player (%2$s): give this player another name.', 'elo-calculator' ), $name, $other['name'] ), 409 );
		}
		if ( ! $was && $code !== $name && elo_calculator_lower( $other['name'] ) === elo_calculator_lower( $code ) ) {
			/* translators: %s: the id. */
			return elo_calculator_refuse( 'id', sprintf( __( 'another player is named "%s": choose another id.', 'elo-calculator' ), $other['name'] ), 409 );
		}
	}
	if ( ! $was && count( $players ) >= ELO_CALCULATOR_MAX_PLAYERS ) {
		/* translators: %d: the most players. */
		return elo_calculator_refuse( 'id', sprintf( __( 'a ladder has at most %d players.', 'elo-calculator' ), ELO_CALCULATOR_MAX_PLAYERS ), 409 );
	}
	return array(
		'id'     => $code,
		'name'   => $name,
		'rating' => $rating,
		'active' => $active,
	);
}

/**
 * A new player's id when none is given: the name; a name longer than an id may be (ELO_CALCULATOR_MAX_ID) cut to fit,
 * with ~2, ~3… when another player has that id or name already. A 65- to 100-character name was refused ("id: at most
 * 64 characters") unless the keeper made an id up (a hostile pass).
 *
 * @param string                           $name    The player's name, as read.
 * @param array<int, array<string, mixed>> $players The ladder's players.
 * @return string
 */
function elo_calculator_id_for( $name, $players ) {
	if ( mb_strlen( $name, 'UTF-8' ) <= ELO_CALCULATOR_MAX_ID ) {
		return $name;
	}
	$taken = array();
	foreach ( $players as $other ) {
		$taken[ elo_calculator_lower( (string) $other['id'] ) ]   = true;
		$taken[ elo_calculator_lower( (string) $other['name'] ) ] = true;
	}
	for ( $n = 1; ; $n++ ) {
		$suffix = 1 === $n ? '' : '~' . $n;
		$code   = rtrim( mb_substr( $name, 0, ELO_CALCULATOR_MAX_ID - strlen( $suffix ), 'UTF-8' ) ) . $suffix;
		if ( ! isset( $taken[ elo_calculator_lower( $code ) ] ) ) {
			return $code;
		}
	}
}

/**
 * A player added to the ladder, or changed (`$code`: the player's id).
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param array<string, mixed> $sent   The request's values.
 * @param string|null          $code   The player changed; null to add one.
 * @return array<string, mixed>|WP_Error The player.
 */
function elo_calculator_put_player( $ladder, $sent, $code = null ) {
	global $wpdb;
	$players = elo_calculator_players( $ladder['id'] );
	$was     = null;
	foreach ( $players as $player ) {
		$was = $player['id'] === $code ? $player : $was;
	}
	if ( null !== $code && ! $was ) {
		return elo_calculator_refuse( 'id', __( 'the ladder has no such player.', 'elo-calculator' ), 404 );
	}
	$changed_since = $was ? elo_calculator_player_not_as_expected( $was, $sent['expect'] ?? null ) : null;
	if ( $changed_since ) {
		return $changed_since;
	}
	if ( ! $was && ! elo_calculator_room( $ladder, 200 ) ) {
		return elo_calculator_too_big();
	}
	$player = elo_calculator_read_player( $sent, $players, $was );
	if ( is_wp_error( $player ) ) {
		return $player;
	}
	// The database's own rule for ids (the site's collation: letter case, accents and ß aside), said as a refusal of
	// its own: it refused "Jose Garcia" beside "José Garcia" with "the database did not save the change".
	$same = $was ? null : $wpdb->get_row( $wpdb->prepare( 'SELECT code, name FROM ' . elo_calculator_table( 'players' ) . ' WHERE ladder = %d AND code = %s', $ladder['id'], $player['id'] ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own table
	if ( $same ) {
		/* translators: 1: the id, 2: the other player's id, 3: the other player's name. */
		return elo_calculator_refuse( 'id', sprintf( __( 'the database takes "%1$s" for the id "%2$s" of %3$s (it sets letter case, accents and ß aside): give this player an id of their own.', 'elo-calculator' ), $player['id'], $same['code'], $same['name'] ), 409 );
	}
	$row = array(
		'name'   => $player['name'],
		'rating' => $player['rating'],
		'active' => $player['active'] ? 1 : 0,
	);
	$saved = $was ? $wpdb->update( elo_calculator_table( 'players' ), $row, array( 'ladder' => $ladder['id'], 'code' => $code ) )
		: $wpdb->insert( elo_calculator_table( 'players' ), $row + array( 'ladder' => $ladder['id'], 'code' => $player['id'] ) );
	if ( false === $saved ) {
		return elo_calculator_not_saved();
	}
	elo_calculator_log( $ladder['id'], 'player', array( 'before' => $was, 'after' => $player ) );
	$changed = elo_calculator_changed( $ladder['slug'] );
	return is_wp_error( $changed ) ? $changed : $player;
}

/**
 * Why a player is not as the one changing them expects (`$expect`: some of name, rating and active, as the routes
 * answer a player): another keeper changed them since. Two keepers renaming one player each saw "Saved", and the
 * first's name was gone (a hostile pass). Null when as expected, or nothing is expected (a club's own script).
 *
 * @param array<string, mixed> $was    The player as kept.
 * @param mixed                $expect The values expected, by field; null for none.
 * @return WP_Error|null
 */
function elo_calculator_player_not_as_expected( $was, $expect ) {
	if ( null === $expect ) {
		return null;
	}
	if ( ! is_array( $expect ) ) {
		return elo_calculator_refuse( 'expect', __( 'the player\'s values as last read, by field (name, rating, active).', 'elo-calculator' ) );
	}
	foreach ( array( 'name', 'rating', 'active' ) as $name ) {
		if ( array_key_exists( $name, $expect ) && ( 'active' === $name ? (bool) $expect[ $name ] !== $was['active']
			: ! is_scalar( $expect[ $name ] ) || (string) $expect[ $name ] !== (string) $was[ $name ] ) ) {
			/* translators: %s: the player's name as another keeper left it. */
			return new WP_Error( 'elo_calculator_changed_since', sprintf( __( 'This player was changed by someone else since they were read here (now: %s), and is left as they made it: your change is not saved.', 'elo-calculator' ), $was['name'] ), array( 'status' => 409, 'field' => $name, 'player' => $was ) );
		}
	}
	return null;
}

/**
 * A player taken off the ladder: one with no game on it (a name mistyped, a wrong id), with the games deleted that
 * named them (those can no longer be restored). A player with games stays (not active, they leave the ranking).
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param mixed                $code   The player's id.
 * @return array<string, mixed>|WP_Error The player removed.
 */
function elo_calculator_remove_player( $ladder, $code ) {
	global $wpdb;
	$was = null;
	foreach ( elo_calculator_players( $ladder['id'] ) as $player ) {
		$was = is_string( $code ) && $player['id'] === $code ? $player : $was;
	}
	if ( ! $was ) {
		return elo_calculator_refuse( 'id', __( 'the ladder has no such player.', 'elo-calculator' ), 404 );
	}
	$games = elo_calculator_table( 'games' );
	$count = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM $games WHERE ladder = %d AND deleted IS NULL AND (white = %s OR black = %s)", $ladder['id'], $was['id'], $was['id'] ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
	if ( $count ) {
		/* translators: 1: the player's name, 2: how many games. */
		return new WP_Error( 'elo_calculator_playing', sprintf( __( '%1$s has games on the ladder (%2$d): a player with games stays; untick Active to take them off the ranking.', 'elo-calculator' ), $was['name'], $count ), array( 'status' => 409, 'field' => 'id' ) );
	}
	$wpdb->query( 'START TRANSACTION' );
	$ok = false !== $wpdb->query( $wpdb->prepare( "DELETE FROM $games WHERE ladder = %d AND (white = %s OR black = %s)", $ladder['id'], $was['id'], $was['id'] ) ) // phpcs:ignore WordPress.DB -- the plugin's own table
		&& false !== $wpdb->delete( elo_calculator_table( 'players' ), array( 'ladder' => $ladder['id'], 'code' => $was['id'] ) )
		&& elo_calculator_unlink_log( $ladder['id'] );
	$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
	if ( ! $ok ) {
		return elo_calculator_not_saved();
	}
	elo_calculator_log( $ladder['id'], 'removed', array( 'before' => $was ) );
	$changed = elo_calculator_changed( $ladder['slug'] );
	return is_wp_error( $changed ) ? $changed : $was;
}

/**
 * The history's entries of games gone (a player removed, an import undone) made to name no game: a server that hands
 * out a gone game's id again (MySQL before 8.0 does after a restart) would join another game to them, as its edit or
 * its deletion.
 *
 * @param int $ladder The ladder's id.
 * @return bool Whether the database took it.
 */
function elo_calculator_unlink_log( $ladder ) {
	global $wpdb;
	$log   = elo_calculator_table( 'log' );
	$games = elo_calculator_table( 'games' );
	return false !== $wpdb->query( $wpdb->prepare( "UPDATE $log l LEFT JOIN $games g ON g.id = l.game SET l.game = NULL WHERE l.ladder = %d AND l.game IS NOT NULL AND g.id IS NULL", $ladder ) ); // phpcs:ignore WordPress.DB -- the plugin's own tables
}

/**
 * A player named by a game: by the id, else by the name (letter case aside).
 *
 * @param array<int, array<string, mixed>> $players The ladder's players.
 * @param string                           $text    The id or name.
 * @return string|null The player's id; null when no player, or more than one, has that id or name.
 */
function elo_calculator_find_player( $players, $text ) {
	$found = elo_calculator_named( elo_calculator_player_index( $players ), $text );
	return 1 === count( $found ) ? $found[0] : null;
}

/**
 * The ids of the players `$text` names in `$index` (elo_calculator_player_index): those whose id it is, else
 * those whose name it is, letter case aside; none for an empty text.
 *
 * @param array{id: array<string, string[]>, name: array<string, string[]>} $index The players' index.
 * @param string                                                             $text  The id or name.
 * @return string[]
 */
function elo_calculator_named( $index, $text ) {
	$key = elo_calculator_lower( $text );
	return '' === $text ? array() : ( $index['id'][ $key ] ?? ( $index['name'][ $key ] ?? array() ) );
}

/**
 * The players' ids by their id and by their name, each in lower case (a game's players are found in it).
 *
 * @param array<string, array<string, mixed>> $players The players.
 * @return array{id: array<string, string[]>, name: array<string, string[]>}
 */
function elo_calculator_player_index( $players ) {
	$index = array( 'id' => array(), 'name' => array() );
	foreach ( $players as $player ) {
		$index['id'][ elo_calculator_lower( (string) $player['id'] ) ][]     = (string) $player['id'];
		$index['name'][ elo_calculator_lower( (string) $player['name'] ) ][] = (string) $player['id'];
	}
	return $index;
}

/**
 * A name or an id as the ladder tells players apart, to find a player by it or refuse a twin: in lower case (every
 * letter with PHP's mbstring, only A to Z on a host without it: WordPress does not require it), and as below.
 *
 * @param string $text The name.
 * @return string
 */
function elo_calculator_lower( $text ) {
	// As elo_core's ledger tells names apart (`_name`): without zero-width characters, composed (NFC), without the
	// apostrophe that keeps a formula-like name as text in the files ('=x is =x), letter case aside. Without PHP's
	// intl, the letters of Latin, Greek and Cyrillic scripts are composed from contract.php's table.
	$text = (string) preg_replace( '/[\x{200B}-\x{200D}\x{2060}\x{FEFF}]/u', '', $text );
	$text = class_exists( 'Normalizer' ) ? (string) Normalizer::normalize( $text, Normalizer::FORM_C ) : strtr( $text, elo_calculator_contract( 'compose' ) );
	$text = elo_calculator_formula_kept( $text );
	return function_exists( 'mb_strtolower' ) ? mb_strtolower( $text, 'UTF-8' ) : strtolower( $text );
}

/**
 * A game as sent, checked: `date` (YYYY-MM-DD, from 1850 to tomorrow: elo_calculator_latest_date), `white` and
 * `black` (two players of the ladder, by id or name), `result` (1-0, ½, 0-1, + ...), `pool`.
 * `$was` is the game changed (what is not sent stays).
 *
 * @param array<string, mixed>             $sent    The request's values.
 * @param array<int, array<string, mixed>> $players The ladder's players.
 * @param array<string, string>            $was     The game's row as kept ('played', 'white'...), or defaults.
 * @return array{played: string, white: string, black: string, result: string, pool: string}|WP_Error
 */
function elo_calculator_read_game( $sent, $players, $was ) {
	$game = array_intersect_key( $was, array_flip( array( 'played', 'white', 'black', 'result', 'pool' ) ) );
	if ( isset( $sent['date'] ) || ! isset( $game['played'] ) ) {
		$date = isset( $sent['date'] ) && is_string( $sent['date'] ) ? trim( $sent['date'] ) : '';
		$when = DateTime::createFromFormat( '!Y-m-d', $date );
		if ( ! $when || $when->format( 'Y-m-d' ) !== $date || $date < '1850-01-01' || $date > elo_calculator_latest_date() ) {
			/* translators: %s: tomorrow's date, YYYY-MM-DD. */
			return elo_calculator_refuse( 'date', sprintf( __( 'a date as YYYY-MM-DD, from 1850 to %s: a result is entered once its game is played.', 'elo-calculator' ), elo_calculator_latest_date() ) );
		}
		$game['played'] = $date;
	}
	foreach ( array( 'white', 'black' ) as $side ) {
		if ( isset( $sent[ $side ] ) || ! isset( $game[ $side ] ) ) {
			$text = isset( $sent[ $side ] ) && is_scalar( $sent[ $side ] ) ? (string) elo_calculator_js_trim( (string) $sent[ $side ] ) : '';
			$code = '' === $text ? null : elo_calculator_find_player( $players, $text );
			$named = array_filter( $players, function ( $player ) use ( $text ) {
				return elo_calculator_lower( $player['name'] ) === elo_calculator_lower( $text );
			} );
			if ( null === $code && count( $named ) > 1 ) {
				/* translators: %s: the name sent. */
				return elo_calculator_refuse( $side, sprintf( __( 'more than one player is "%s": send the id.', 'elo-calculator' ), mb_substr( $text, 0, ELO_CALCULATOR_MAX_NAME ) ), 409 );
			}
			if ( null === $code ) {
				/* translators: %s: the name sent. */
				return elo_calculator_refuse( $side, '' === $text ? __( 'give a player of the ladder.', 'elo-calculator' ) : sprintf( __( 'the ladder has no player "%s": add the player first.', 'elo-calculator' ), mb_substr( $text, 0, ELO_CALCULATOR_MAX_NAME ) ) );
			}
			$game[ $side ] = $code;
		}
	}
	if ( $game['white'] === $game['black'] ) {
		return elo_calculator_refuse( 'black', __( 'a player cannot play themselves.', 'elo-calculator' ) );
	}
	if ( isset( $sent['result'] ) || ! isset( $game['result'] ) ) {
		$code = elo_calculator_result_code( isset( $sent['result'] ) ? $sent['result'] : null );
		if ( null === $code ) {
			return elo_calculator_refuse( 'result', __( 'a result such as 1-0, ½-½, 0-1, or + or - for a forfeit.', 'elo-calculator' ) );
		}
		$game['result'] = $code;
	}
	if ( isset( $sent['pool'] ) || ! isset( $game['pool'] ) ) {
		$pool = ! isset( $sent['pool'] ) ? '' : ( is_string( $sent['pool'] ) ? elo_calculator_js_trim( $sent['pool'] ) : null );
		if ( null === $pool || ( '' !== $pool && ! elo_calculator_accepts( 'pool', $pool ) ) ) {
			return elo_calculator_refuse( 'pool', __( 'at most 40 characters, without a control character.', 'elo-calculator' ) );
		}
		$game['pool'] = $pool;
	}
	return $game;
}

/**
 * Why the ladder has no room for one more game (it holds the most games, or its file the most bytes the view reads);
 * null when it has room.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return WP_Error|null
 */
function elo_calculator_no_room_for_a_game( $ladder ) {
	if ( elo_calculator_game_count( $ladder['id'] ) >= ELO_CALCULATOR_MAX_GAMES ) {
		/* translators: %d: the most games. */
		return elo_calculator_refuse( '', sprintf( __( 'A ladder holds at most %d games.', 'elo-calculator' ), ELO_CALCULATOR_MAX_GAMES ), 409 );
	}
	return elo_calculator_room( $ladder, 200 ) ? null : elo_calculator_too_big();
}

/**
 * Why a game is not as the one changing it expects it to be now (`$expect`: some of date, white, black, result and
 * pool, as the routes answer a game): another keeper changed it since their page showed it. An Undo, an edit or a
 * delete made from what the page showed put back, or threw away, the other keeper's newer change (a hostile pass).
 * Null when it is as expected, or nothing is expected (a club's own script: as before).
 *
 * @param array<string, mixed> $was    The game's row as kept.
 * @param mixed                $expect The values expected, by field; null for none.
 * @return WP_Error|null
 */
function elo_calculator_not_as_expected( $was, $expect ) {
	if ( null === $expect ) {
		return null;
	}
	if ( ! is_array( $expect ) ) {
		return elo_calculator_refuse( 'expect', __( 'the game\'s values as last read, by field (date, white, black, result, pool).', 'elo-calculator' ) );
	}
	$now = elo_calculator_game_out( $was );
	foreach ( array( 'date', 'white', 'black', 'result', 'pool' ) as $name ) {
		if ( ! array_key_exists( $name, $expect ) ) {
			continue;
		}
		$value = is_scalar( $expect[ $name ] ) ? (string) $expect[ $name ] : null;
		$same  = 'result' === $name ? null !== $value && elo_calculator_result_code( $value ) === (string) $was['result'] : $value === $now[ $name ];
		if ( ! $same ) {
			return new WP_Error( 'elo_calculator_changed_since', __( 'This game was changed by someone else since it was read here, and is left as they made it: reload to see it.', 'elo-calculator' ), array( 'status' => 409, 'game' => $now ) );
		}
	}
	return null;
}

/**
 * A game added (`$id` null), changed, deleted (`$sent` null: kept, marked deleted, so that it can be
 * restored) or restored (`$sent` 'restore').
 *
 * @param array<string, mixed>      $ladder The ladder.
 * @param array<string, mixed>|null|string $sent The request's values; null to delete; 'restore'.
 * @param int|null                  $id     The game; null to add one.
 * @param mixed                     $expect A change's or delete's: the game as it is expected to be now, by field
 *                                          (elo_calculator_not_as_expected); null: as it is.
 * @return array<string, mixed>|WP_Error The game as it now is.
 */
function elo_calculator_put_game( $ladder, $sent, $id = null, $expect = null ) {
	global $wpdb;
	$table = elo_calculator_table( 'games' );
	$was   = null === $id ? null : elo_calculator_game_row( $ladder['id'], $id );
	if ( null !== $id && ( ! $was || ( null !== $was['deleted'] ) !== ( 'restore' === $sent ) ) ) {
		return elo_calculator_refuse( 'id', 'restore' === $sent ? __( 'the ladder has no such deleted game.', 'elo-calculator' ) : __( 'the ladder has no such game.', 'elo-calculator' ), 404 );
	}
	$changed_since = $was && 'restore' !== $sent ? elo_calculator_not_as_expected( $was, $expect ) : null;
	if ( $changed_since ) {
		return $changed_since;
	}
	if ( 'restore' === $sent ) { // a game back on the ladder, as one added: a ladder past its limit lost its newest
		$full = elo_calculator_no_room_for_a_game( $ladder );
		if ( $full ) {
			return $full;
		}
	}
	if ( null === $sent || 'restore' === $sent ) {
		if ( false === $wpdb->update( $table, array( 'deleted' => null === $sent ? current_time( 'mysql', true ) : null ), array( 'id' => $id ) ) ) {
			return elo_calculator_not_saved();
		}
		elo_calculator_log( $ladder['id'], null === $sent ? 'deleted' : 'restored', array( 'game' => elo_calculator_game_out( $was ) ), $id );
	} else {
		$game = elo_calculator_read_game( $sent, elo_calculator_players( $ladder['id'] ), $was ? $was : array() );
		if ( is_wp_error( $game ) ) {
			return $game;
		}
		$full = $was ? null : elo_calculator_no_room_for_a_game( $ladder );
		if ( $full ) {
			return $full;
		}
		// A new game the ladder has already (its date, players, result and pool): said to the keeper with its Undo. It
		// was saved without a word, and the ladder's page then told every visitor of a game "entered twice?".
		$again = $was ? null : (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM $table WHERE ladder = %d AND deleted IS NULL AND played = %s AND white = %s AND black = %s AND result = %s AND pool = %s", $ladder['id'], $game['played'], $game['white'], $game['black'], $game['result'], $game['pool'] ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
		$saved = $was ? $wpdb->update( $table, $game, array( 'id' => $id ) ) : $wpdb->insert( $table, $game + array( 'ladder' => $ladder['id'] ) );
		if ( false === $saved ) {
			return elo_calculator_not_saved();
		}
		$id = $was ? $id : (int) $wpdb->insert_id;
		elo_calculator_log( $ladder['id'], $was ? 'edited' : 'game', array(
			'before' => $was ? elo_calculator_game_out( $was ) : null,
			'after'  => elo_calculator_game_out( $game + array( 'id' => $id ) ),
		), $id );
	}
	$changed = elo_calculator_changed( $ladder['slug'] );
	$out     = is_wp_error( $changed ) ? $changed : elo_calculator_game_out( elo_calculator_game_row( $ladder['id'], $id ) );
	return isset( $again ) && is_array( $out ) ? $out + array( 'again' => $again ) : $out;
}

/**
 * The ladder's log, newest first: who, when, what; the latest `$limit` entries, and after them the deletion of
 * each game still deleted (its Restore), however long ago: 200 results entered after a deletion took it away.
 *
 * @param int $ladder The ladder's id.
 * @param int $limit  The most entries, but for the deletions.
 * @return array<int, array<string, mixed>>
 */
function elo_calculator_history( $ladder, $limit = 200 ) {
	global $wpdb;
	$log   = elo_calculator_table( 'log' );
	$since = (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM $log WHERE ladder = %d ORDER BY id DESC LIMIT 1 OFFSET %d", $ladder, $limit - 1 ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
	// Not the imports' `undo_data` (megabytes): whether there is one.
	$columns = 'l.id, l.user_id, l.who, l.at, l.action, l.game, l.detail, l.undo_data IS NOT NULL AS undoable';
	$rows    = (array) $wpdb->get_results( $wpdb->prepare( "SELECT $columns, g.deleted FROM $log l LEFT JOIN " . elo_calculator_table( 'games' ) . " g ON g.id = l.game WHERE l.ladder = %d AND (l.id >= %d OR (l.action = 'deleted' AND g.deleted IS NOT NULL AND l.id = (SELECT MAX(d.id) FROM $log d WHERE d.ladder = l.ladder AND d.game = l.game AND d.action = 'deleted'))) ORDER BY l.id DESC", $ladder, $since ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own tables
	// The latest 20 imports that can still be undone stay listed, as a deletion does, however many changes came since
	// (a wrong file found after 200 results); not every one: a club imports its file each week for years.
	$older = (array) $wpdb->get_results( $wpdb->prepare( "SELECT $columns, NULL AS deleted FROM $log l WHERE l.ladder = %d AND l.id < %d AND l.action = 'imported' AND l.undo_data IS NOT NULL ORDER BY l.id DESC LIMIT 20", $ladder, $since ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own table
	$rows    = array_merge( $rows, $older );
	usort( $rows, function ( $a, $b ) {
		return (int) $b['id'] - (int) $a['id'];
	} );
	return array_map( function ( $row ) {
		// The user's name now; once the user is deleted, the name kept with the change (its keeper's name was gone from
		// the history, a hostile pass), or their number for a change kept before names were.
		$user = get_userdata( (int) $row['user_id'] );
		/* translators: %d: the deleted user's number. */
		$gone = '' !== (string) $row['who'] || ! (int) $row['user_id'] ? (string) $row['who'] : sprintf( __( 'user %d, deleted', 'elo-calculator' ), (int) $row['user_id'] );
		return array(
			'id'        => (int) $row['id'],
			'at'        => mysql_to_rfc3339( (string) $row['at'] ),
			'local'     => get_date_from_gmt( (string) $row['at'], 'Y-m-d H:i' ), // in the site's time zone
			'who'       => $user ? $user->display_name : $gone,
			'action'    => (string) $row['action'],
			'game'      => null === $row['game'] ? null : (int) $row['game'],
			'restorable' => 'deleted' === $row['action'] && null !== $row['deleted'],
			// An import that can be undone: made since imports keep what they add (`undo_data`), and not undone yet.
			'undoable'  => 'imported' === $row['action'] && '1' === (string) $row['undoable'],
			'detail'    => json_decode( (string) $row['detail'], true ),
		);
	}, (array) $rows );
}
