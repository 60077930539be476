<?php
/**
 * A club's own ladder files imported into a kept ladder: its results file (the games, as the ladder
 * view reads one: a header in one of six languages or none, comma, semicolon or tab, results as
 * clubs write them) and, optionally, its players file. All or nothing: a line that cannot be read
 * refuses the whole import, naming the file and the lines, and nothing is written.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/**
 * A row's cells by column name ('' for a column the file does not have, or a short row).
 *
 * @param array<string, int> $columns Each column's place.
 * @param string[]           $cells   The row.
 * @return callable(string): string
 */
function elo_calculator_cells( $columns, $cells ) {
	return function ( $name ) use ( $columns, $cells ) {
		return isset( $columns[ $name ], $cells[ $columns[ $name ] ] ) ? $cells[ $columns[ $name ] ] : '';
	};
}

/**
 * The players of a players file (`id,name,rating[,active]`, with or without a header), or what is wrong.
 *
 * @param string $text The file's text.
 * @return array{players: array<string, array<string, mixed>>, problems: string[]}
 */
function elo_calculator_import_players( $text ) {
	$rows     = elo_calculator_csv_rows( $text );
	$columns  = $rows ? elo_calculator_header( $rows[0][1], 'player_' ) : null;
	if ( $columns ) {
		array_shift( $rows );
		$columns += isset( $columns['name'] ) ? array( 'id' => $columns['name'] ) : array(); // the name is the id
	} else {
		$columns = array( 'id' => 0, 'name' => 1, 'rating' => 2, 'active' => 3 );
	}
	$players  = array();
	$problems = array();
	$seen     = array();
	foreach ( $rows as list( $line, $cells ) ) {
		$cell   = elo_calculator_cells( $columns, $cells );
		$id     = elo_calculator_read_name( 'id', $cell( 'id' ), ELO_CALCULATOR_MAX_ID );
		$name   = elo_calculator_read_name( 'name', '' === $cell( 'name' ) ? $cell( 'id' ) : $cell( 'name' ) );
		$rating = elo_calculator_read_rating( $cell( 'rating' ) );
		$wrong  = is_wp_error( $id ) ? $id : ( is_wp_error( $name ) ? $name : null );
		if ( ! $wrong && null === $rating ) {
			$wrong = elo_calculator_refuse( 'rating', __( 'a rating from 0 to 4000, such as 1500, or empty for the ladder\'s start rating.', 'elo-calculator' ) );
		}
		if ( ! $wrong && isset( $seen[ elo_calculator_lower( $id ) ] ) ) {
			/* translators: 1: the id, 2: the line it is first on. */
			$wrong = elo_calculator_refuse( 'id', sprintf( __( '"%1$s" is also on line %2$d.', 'elo-calculator' ), $id, $seen[ elo_calculator_lower( $id ) ] ) );
		}
		if ( $wrong ) {
			/* translators: 1: the line's number, 2: what is wrong. */
			$problems[] = sprintf( __( 'line %1$d: %2$s', 'elo-calculator' ), $line, $wrong->get_error_message() );
			continue;
		}
		$seen[ elo_calculator_lower( $id ) ] = $line;
		$player                              = array(
			'id'     => $id,
			'name'   => $name,
			'rating' => $rating,
			'active' => false !== elo_calculator_read_active( $cell( 'active' ) ), // as the view: unknown is active
		);
		// A column the file does not have (`id,name`), or a row that stops before it, leaves a kept player's rating
		// and activity as they are (elo_calculator_same_players): it wiped them, and made the retired active again.
		foreach ( array( 'rating', 'active' ) as $column ) {
			if ( ! isset( $columns[ $column ], $cells[ $columns[ $column ] ] ) ) {
				unset( $player[ $column ] );
			}
		}
		$players[ 'p:' . $id ] = $player;
	}
	return array( 'players' => $players, 'problems' => $problems );
}

/** Between a game's cells in the text an import keeps it as (no cell may hold a control character). */
const ELO_CALCULATOR_GAME_SEPARATOR = "\x1F";

/**
 * The games of a results file, their players found among `$players` (by id, else by name) or, when
 * there is no players file, added as players of their own name.
 *
 * @param string                             $text    The file's text.
 * @param array<string, array<string,mixed>> $players The players so far, by id (added to).
 * @param bool                               $listed  Whether a players file lists every player.
 * @return array{games: string[], problems: string[]} Each game as one text: date, white, black, result, pool.
 */
function elo_calculator_import_games( $text, &$players, $listed ) {
	$rows    = elo_calculator_csv_rows( $text );
	$columns = $rows ? elo_calculator_header( $rows[0][1], '' ) : null;
	if ( $columns ) {
		array_shift( $rows );
	} else {
		$columns = array( 'date' => 0, 'white' => 1, 'black' => 2, 'result' => 3, 'pool' => 4 );
	}
	$missing = array_diff( array( 'date', 'white', 'black', 'result' ), array_keys( $columns ) );
	if ( $missing ) {
		/* translators: %s: the columns, such as "white, result". */
		return array( 'games' => array(), 'problems' => array( sprintf( __( 'line 1: the header names no column for %s.', 'elo-calculator' ), implode( ', ', $missing ) ) ) );
	}
	$month_first = false;
	foreach ( $rows as list( , $cells ) ) {
		$date = isset( $columns['date'], $cells[ $columns['date'] ] ) ? $cells[ $columns['date'] ] : '';
		if ( preg_match( '/^(\d{1,2})[\/-](\d{1,2})[\/-]\d{4}/', $date, $m ) && (int) $m[2] > 12 ) {
			$month_first = true; // only month first fits (03/25/2026)
		}
	}
	$games    = array();
	$problems = array();
	$latest   = elo_calculator_latest_date();
	$index    = elo_calculator_player_index( $players );
	// Each row freed once read, each game kept as one text (GAME_SEPARATOR between its cells), and a player found
	// in an index, not by a search of every player: 100 000 games at once took more than PHP's usual 128 MB.
	foreach ( array_keys( $rows ) as $i ) {
		list( $line, $cells ) = $rows[ $i ];
		unset( $rows[ $i ] );
		$cell = elo_calculator_cells( $columns, $cells );
		$game = array(
			'played' => elo_calculator_read_date( $cell( 'date' ), $month_first ),
			'result' => elo_calculator_result_code( $cell( 'result' ) ),
			'pool'   => $cell( 'pool' ),
		);
		/* translators: %s: tomorrow's date, YYYY-MM-DD. */
		$wrong = null === $game['played'] || $game['played'] < '1850-01-01' || $game['played'] > $latest ? sprintf( __( 'date: a date as YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY, from 1850 to %s: a result is entered once its game is played.', 'elo-calculator' ), $latest ) : null;
		$wrong = $wrong ? $wrong : ( null === $game['result'] ? __( 'result: a result such as 1-0, ½-½, 0-1, or + or - for a forfeit.', 'elo-calculator' ) : null );
		$wrong = $wrong ? $wrong : ( '' !== $game['pool'] && ! elo_calculator_accepts( 'pool', $game['pool'] ) ? __( 'pool: at most 40 characters, without a control character.', 'elo-calculator' ) : null );
		foreach ( array( 'white', 'black' ) as $side ) {
			$text  = $cell( $side );
			$found = elo_calculator_named( $index, $text ); // by id, else by name, as elo_calculator_find_player
			$code  = 1 === count( $found ) ? $found[0] : null;
			if ( '' === $text || $found || $listed ) {
				$known = (bool) $found;
			} else {
				// A new player, their id their name, cut to fit as on the page (elo_calculator_id_for): a name over 64
				// characters was refused, where the page took it.
				$name  = elo_calculator_read_name( $side, $text );
				$again = is_wp_error( $name ) ? array() : elo_calculator_named( $index, $name ); // its spaces made single (rv88)
				$code  = is_wp_error( $name ) || $again ? ( 1 === count( $again ) ? $again[0] : null ) : elo_calculator_id_for( $name, $players );
				if ( null !== $code && ! $again ) {
					$players[ 'p:' . $code ]                            = array( 'id' => $code, 'name' => $name, 'rating' => '', 'active' => true );
					$index['id'][ elo_calculator_lower( $code ) ][]   = $code;
					$index['name'][ elo_calculator_lower( $name ) ][] = $code;
				}
				$known = (bool) $again;
			}
			/* translators: 1: white or black, 2: the name in the file. */
			$wrong         = $wrong ? $wrong : ( null === $code ? sprintf( $known && '' !== $text ? __( '%1$s: more than one player is "%2$s": write the id.', 'elo-calculator' ) : __( '%1$s: no player "%2$s" on the ladder or in the players file.', 'elo-calculator' ), $side, mb_substr( $text, 0, ELO_CALCULATOR_MAX_NAME ) ) : null );
			$game[ $side ] = $code;
		}
		$wrong = $wrong ? $wrong : ( $game['white'] === $game['black'] ? __( 'black: a player cannot play themselves.', 'elo-calculator' ) : null );
		if ( $wrong ) {
			/* translators: 1: the line's number, 2: what is wrong. */
			$problems[] = sprintf( __( 'line %1$d: %2$s', 'elo-calculator' ), $line, $wrong );
		} else {
			$games[] = implode( ELO_CALCULATOR_GAME_SEPARATOR, array( $game['played'], $game['white'], $game['black'], $game['result'], $game['pool'] ) );
		}
	}
	return array( 'games' => $games, 'problems' => $problems );
}

/**
 * Imports a club's files into the ladder: its players added or updated (by id), its games added. In
 * one transaction; refused whole, with the first ten problems, when any line cannot be read.
 *
 * @param array<string, mixed> $ladder  The ladder.
 * @param string               $games   The results file's bytes.
 * @param string               $players The players file's bytes ('' when none).
 * @param bool                 $adding  Whether a name that is no player adds one (without a players
 *                                      file); else the line is refused (results pasted on the page).
 * @return array{games: int, players: int, repeated: int}|WP_Error The games and players added, and the games
 *                                                            already kept, or deleted or corrected on the page, not
 *                                                            added again (elo_calculator_games_imported).
 */
function elo_calculator_import( $ladder, $games, $players, $adding = true ) {
	// Two imports of one ladder at once (two keepers, two tabs) would each find the games the other is adding not
	// yet kept, and both add them: one at a time, the second reading what the first saved (ladder-changes.php).
	return elo_calculator_in_turn( $ladder, function ( $ladder ) use ( $games, $players, $adding ) {
		return elo_calculator_import_alone( $ladder, $games, $players, $adding );
	} );
}

/**
 * The import itself, with the ladder's lock held (elo_calculator_import).
 *
 * @param array<string, mixed> $ladder  The ladder.
 * @param string               $games   The results file's bytes.
 * @param string               $players The players file's bytes ('' when none).
 * @param bool                 $adding  As elo_calculator_import's.
 * @return array{games: int, players: int, repeated: int}|WP_Error
 */
function elo_calculator_import_alone( $ladder, $games, $players, $adding ) {
	global $wpdb;
	// Said before a line is read: 200 000 lines read into rows took more than PHP's usual 128 MB (a hostile pass).
	$too_many = elo_calculator_import_too_big( $games, $players );
	if ( $too_many ) {
		return $too_many;
	}
	$kept = array(); // by 'p:' and the id: a number as an id stays a string key
	foreach ( elo_calculator_players( $ladder['id'] ) as $player ) {
		$kept[ 'p:' . $player['id'] ] = $player;
	}
	$read = '' === $players ? array( 'players' => array(), 'problems' => array() ) : elo_calculator_import_players( elo_calculator_file_text( $players ) );
	if ( $read['problems'] ) {
		return elo_calculator_refuse( 'players', implode( ' ', array_slice( $read['problems'], 0, 10 ) ) );
	}
	$same   = elo_calculator_same_players( $kept, $read['players'] );
	$all    = array_replace( $kept, $same );
	$clash  = elo_calculator_names_clash( $all );
	if ( $clash ) {
		return elo_calculator_refuse( 'players', $clash, 409 );
	}
	// A players file alone (a season's members before its first game) adds and changes players only.
	$played = '' === trim( $games ) && '' !== $players ? array( 'games' => array(), 'problems' => array() )
		: elo_calculator_import_games( elo_calculator_file_text( $games ), $all, '' !== $players || ! $adding );
	$count  = elo_calculator_game_count( $ladder['id'] );
	if ( $played['problems'] ) {
		return elo_calculator_refuse( 'games', implode( ' ', array_slice( $played['problems'], 0, 10 ) ) );
	}
	if ( ! $played['games'] && ! $read['players'] ) {
		return elo_calculator_refuse( 'games', __( 'the file holds no game.', 'elo-calculator' ) );
	}
	// A game of the file that the ladder keeps already (its date, players, result and pool) is not added again: a file
	// imported twice, or again once it has grown, adds its new games only (a hostile pass: a second import doubled
	// every game). A game the file holds more often than the ladder is added as many times more. Results pasted on
	// the page (`$adding` false) are each a game played: a second game of the same day and result is added.
	$repeated = 0;
	$depends  = array(); // the imports whose games these are
	list( $have, $added_by ) = ! $adding ? array( array(), array() ) : elo_calculator_games_imported( $ladder['id'] );
	foreach ( $played['games'] as $i => $game ) {
		if ( ! empty( $have[ $game ] ) ) {
			--$have[ $game ];
			++$repeated;
			unset( $played['games'][ $i ] );
			foreach ( isset( $added_by[ $game ] ) ? explode( ',', $added_by[ $game ] ) : array() as $batch ) {
				$depends[ (int) $batch ] = true;
			}
		}
	}
	unset( $have, $added_by );
	$bytes = array_sum( array_map( 'strlen', $played['games'] ) ) + 12 * count( $played['games'] );
	if ( ! elo_calculator_room( $ladder, $bytes ) ) {
		return elo_calculator_too_big();
	}
	if ( $count + count( $played['games'] ) > ELO_CALCULATOR_MAX_GAMES || count( $all ) > ELO_CALCULATOR_MAX_PLAYERS ) {
		/* translators: 1: the most games, 2: the most players. */
		return elo_calculator_refuse( 'games', sprintf( __( 'a ladder holds at most %1$d games and %2$d players.', 'elo-calculator' ), ELO_CALCULATOR_MAX_GAMES, ELO_CALCULATOR_MAX_PLAYERS ), 413 );
	}
	$changed = elo_calculator_player_changes( $same, $kept );
	$new     = array_diff_key( $all, $kept );
	$done    = array( 'games' => count( $played['games'] ), 'players' => count( $new ), 'repeated' => $repeated );
	$wpdb->query( 'START TRANSACTION' );
	$quiet = $wpdb->suppress_errors( true ); // a refusal is answered below, not printed into the page
	// The history's entry first, in the same transaction: its id names the games and players the import adds, so that
	// its Undo (elo_calculator_undo_import) takes off these and no other.
	$batch    = elo_calculator_log_import( $ladder['id'], $done, $changed, $new, array_keys( $depends ) );
	$undoable = $done['games'] || $done['players'] || $changed; // else nothing to undo: no Undo
	$added    = $batch && elo_calculator_import_write( $ladder['id'], $new, array_intersect_key( $same, $kept ), $played['games'], $batch );
	$same_id = ! $added && false !== strpos( (string) $wpdb->last_error, 'Duplicate entry' );
	$wpdb->suppress_errors( $quiet );
	$wpdb->query( $added ? 'COMMIT' : 'ROLLBACK' );
	if ( $same_id ) {
		return elo_calculator_refuse( 'players', __( 'two players\' ids are the same to the database (it sets letter case, accents and ß aside), such as "José" and "Jose": give one of them an id of its own in a players file.', 'elo-calculator' ), 409 );
	}
	if ( ! $added ) {
		return elo_calculator_refuse( '', __( 'The import could not be saved; nothing was changed.', 'elo-calculator' ), 500 );
	}
	$done['import'] = $undoable ? $batch : null; // what its Undo takes
	$changed        = elo_calculator_changed( $ladder['slug'] );
	return is_wp_error( $changed ) ? $changed : $done;
}

/**
 * The players an import changes, each as it was and as it will be (kept in the history: an import renamed and rated
 * anew without a trace, a hostile pass; and for its Undo).
 *
 * @param array<string, array<string, mixed>> $same The file's players, keyed as the ladder's.
 * @param array<string, array<string, mixed>> $kept The ladder's players.
 * @return array<int, array{before: array<string, mixed>, after: array<string, mixed>}>
 */
function elo_calculator_player_changes( $same, $kept ) {
	$changed = array();
	foreach ( array_intersect_key( $same, $kept ) as $key => $player ) {
		$was = elo_calculator_player_fields( $kept[ $key ] );
		$now = elo_calculator_player_fields( $player );
		if ( $was !== $now ) {
			$changed[] = array( 'before' => $was, 'after' => $now );
		}
	}
	return $changed;
}

/**
 * An import's entry in the history, with what its Undo needs: every player it changed, as they were and as it made
 * them, and every player it added, as it added them, in a column of its own (`undo_data`), which the history does not
 * read (5 000 players rated anew are some 0.5 MB), each as a list, its text as it is (not \uXXXX). An import that adds
 * and changes nothing keeps none: it has no Undo.
 *
 * @param int                                 $ladder  The ladder's id.
 * @param array<string, int>                  $done    Its games, players and repeated.
 * @param array<int, array<string, mixed>>    $changed The players it changes (elo_calculator_player_changes).
 * @param array<string, array<string, mixed>> $new     The players it adds.
 * @param int[]                               $found   The imports whose games it found, and did not add again.
 * @return int The entry's id, its `batch`; 0 when the database refused it.
 */
function elo_calculator_log_import( $ladder, $done, $changed, $new, $found ) {
	global $wpdb;
	$batch = elo_calculator_log( $ladder, 'imported', $done + array(
		'changed' => count( $changed ),
		'added'   => array_slice( array_values( array_map( function ( $player ) {
			return $player['name'];
		}, $new ) ), 0, 100 ), // the first 100: a season's 10 000 would fill the history
		'changes' => array_slice( $changed, 0, 100 ),
		'found'   => $found,
	) );
	if ( ! $batch || ( ! $done['games'] && ! $done['players'] && ! $changed ) ) {
		return $batch;
	}
	$undo = array(
		'changed' => array_map( function ( $change ) {
			return array( $change['before']['id'], $change['before']['name'], $change['before']['rating'], $change['before']['active'], $change['after']['name'], $change['after']['rating'], $change['after']['active'] );
		}, $changed ),
		'added'   => array_values( array_map( function ( $player ) {
			$added = elo_calculator_player_fields( $player );
			return array( $added['id'], $added['name'], $added['rating'], $added['active'] );
		}, $new ) ),
	);
	$kept = $wpdb->update( elo_calculator_table( 'log' ), array( 'undo_data' => wp_json_encode( $undo, JSON_UNESCAPED_UNICODE ) ), array( 'id' => $batch ) );
	return false === $kept ? 0 : $batch;
}

/**
 * A player's fields as an import's history keeps them (and its Undo compares them).
 *
 * @param array<string, mixed> $player A player, as kept or as read from a file.
 * @return array{id: string, name: string, rating: string, active: bool}
 */
function elo_calculator_player_fields( $player ) {
	return array( 'id' => (string) $player['id'], 'name' => (string) $player['name'], 'rating' => (string) $player['rating'], 'active' => (bool) $player['active'] );
}

/**
 * An import undone (a wrong file, the wrong ladder): the games it added taken off, those deleted or corrected on the
 * page since too, and the players it added who have no game left (and were not changed since); each player it changed
 * put back as they were, unless changed again since or their old name is another player's name or id now (two players
 * of one name would take one another's results). The same file imported again then adds its games again. Refused while a later import
 * that can be undone found games of this one on the ladder and did not add them: undone alone, this one would take
 * those games off, which that file holds too.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param int                  $batch  The import's entry in the log (the import's answer's `import`).
 * @return array{games: int, players: int, restored: int, kept: string[], kept_total: int}|WP_Error The games taken
 *         off (those on the ladder), the players taken off, the players put back, and the first 100 names of those
 *         kept as they are (games since, changes since, their old name taken), of `kept_total`.
 */
function elo_calculator_undo_import( $ladder, $batch ) {
	return elo_calculator_in_turn( $ladder, function ( $ladder ) use ( $batch ) {
		global $wpdb;
		$log    = elo_calculator_table( 'log' );
		$entry  = $wpdb->get_row( $wpdb->prepare( "SELECT detail, undo_data FROM $log WHERE ladder = %d AND id = %d AND action = 'imported'", $ladder['id'], $batch ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own table
		$detail = $entry ? json_decode( (string) $entry['detail'], true ) : null;
		$undo   = $entry && null !== $entry['undo_data'] ? json_decode( (string) $entry['undo_data'], true ) : null;
		$refused = elo_calculator_undo_refused( $ladder, $batch, $detail, $undo );
		if ( $refused ) {
			return $refused;
		}
		$games   = elo_calculator_table( 'games' );
		$players = elo_calculator_table( 'players' );
		$wpdb->query( 'START TRANSACTION' );
		$quiet = $wpdb->suppress_errors( true ); // a refusal is answered below, not printed into the page
		$shown = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM $games WHERE ladder = %d AND batch = %d AND deleted IS NULL", $ladder['id'], $batch ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
		$ok    = false !== $wpdb->query( $wpdb->prepare( "DELETE FROM $games WHERE ladder = %d AND batch = %d", $ladder['id'], $batch ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
		list( $kept, $gone_players ) = elo_calculator_players_undone( $ladder['id'], $batch, (array) ( $undo['added'] ?? array() ) );
		foreach ( array_chunk( $gone_players, 500 ) as $chunk ) {
			$in = implode( ',', array_fill( 0, count( $chunk ), '%s' ) );
			$ok = $ok && false !== $wpdb->query( $wpdb->prepare( "DELETE FROM $games WHERE ladder = %d AND (white IN ($in) OR black IN ($in))", array_merge( array( $ladder['id'] ), $chunk, $chunk ) ) ) // phpcs:ignore WordPress.DB -- the plugin's own table
				&& false !== $wpdb->query( $wpdb->prepare( "DELETE FROM $players WHERE ladder = %d AND code IN ($in)", array_merge( array( $ladder['id'] ), $chunk ) ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
		}
		$ok = $ok && elo_calculator_unlink_log( $ladder['id'] );
		list( $restored, $names_kept, $written ) = elo_calculator_restore_players( $ladder, (array) ( $undo['changed'] ?? array() ) );
		$kept     = array_merge( $kept, $names_kept );
		$ok       = $ok && $written;
		$detail['undone'] = true;
		$ok   = $ok && false !== $wpdb->update( $log, array( 'detail' => wp_json_encode( $detail ), 'undo_data' => null ), array( 'id' => $batch ) );
		$done = array( 'games' => $shown, 'players' => count( $gone_players ), 'restored' => $restored, 'kept' => array_slice( $kept, 0, 100 ), 'kept_total' => count( $kept ) );
		$ok   = $ok && elo_calculator_log( $ladder['id'], 'import_undone', $done + array( 'import' => $batch ) );
		$wpdb->suppress_errors( $quiet );
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		if ( ! $ok ) {
			return elo_calculator_not_saved();
		}
		$changed = elo_calculator_changed( $ladder['slug'] );
		return is_wp_error( $changed ) ? $changed : $done;
	} );
}

/**
 * The players an import added, once its games are taken off: those who go (no game left, and not changed since), and
 * the names of those who stay (a game entered since, or changed since: the keeper's change is kept, as it is for a
 * player the import changed). Who plays is read once: a query for each of 5 000 players would read a 100 000-game
 * ladder 5 000 times.
 *
 * @param int               $ladder The ladder's id.
 * @param int               $batch  The import's entry in the log.
 * @param array<int, mixed> $added  The players as it added them, each [id, name, rating, active].
 * @return array{0: string[], 1: string[]} The names of those who stay; the ids of those who go.
 */
function elo_calculator_players_undone( $ladder, $batch, $added ) {
	global $wpdb;
	$games   = elo_calculator_table( 'games' );
	$playing = array();
	foreach ( array( 'white', 'black' ) as $side ) {
		foreach ( $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT $side FROM $games WHERE ladder = %d AND deleted IS NULL", $ladder ) ) as $code ) { // phpcs:ignore WordPress.DB -- the plugin's own table
			$playing[ elo_calculator_lower( (string) $code ) ] = true;
		}
	}
	$as_added = array();
	foreach ( $added as $player ) {
		$as_added[ 'p:' . $player[0] ] = array( (string) $player[1], (string) $player[2], (bool) $player[3] );
	}
	$stay = array();
	$go   = array();
	foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT code, name, rating, active FROM ' . elo_calculator_table( 'players' ) . ' WHERE ladder = %d AND batch = %d ORDER BY id', $ladder, $batch ), ARRAY_A ) as $player ) {
		$now = array( (string) $player['name'], (string) $player['rating'], '1' === (string) $player['active'] );
		if ( isset( $playing[ elo_calculator_lower( (string) $player['code'] ) ] ) || ( $as_added[ 'p:' . $player['code'] ] ?? $now ) !== $now ) {
			$stay[] = (string) $player['name'];
		} else {
			$go[] = (string) $player['code'];
		}
	}
	return array( $stay, $go );
}

/**
 * Why an import cannot be undone, or null when it can.
 *
 * @param array<string, mixed>    $ladder The ladder.
 * @param int                     $batch  The import's entry in the log.
 * @param array<string, mixed>|null $detail Its detail (null: no such import).
 * @param array<string, mixed>|null $undo What its Undo needs (null: none kept): `changed`, `added`.
 * @return WP_Error|null
 */
function elo_calculator_undo_refused( $ladder, $batch, $detail, $undo ) {
	global $wpdb;
	if ( ! is_array( $detail ) ) {
		return elo_calculator_refuse( '', __( 'This ladder has no such import.', 'elo-calculator' ), 404 );
	}
	if ( ! empty( $detail['undone'] ) ) {
		return elo_calculator_refuse( '', __( 'This import was undone already.', 'elo-calculator' ), 409 );
	}
	if ( ! is_array( $undo ) ) {
		return empty( $detail['games'] ) && empty( $detail['players'] ) && empty( $detail['changed'] )
			? elo_calculator_refuse( '', __( 'This import added and changed nothing: there is nothing to undo.', 'elo-calculator' ), 409 )
			: elo_calculator_refuse( '', __( 'This import was made before the plugin kept what an import adds: delete its games on the page.', 'elo-calculator' ), 409 );
	}
	$log   = elo_calculator_table( 'log' );
	$later = (array) $wpdb->get_results( $wpdb->prepare( "SELECT at, detail FROM $log WHERE ladder = %d AND action = 'imported' AND id > %d AND undo_data IS NOT NULL ORDER BY id DESC", $ladder['id'], $batch ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own table
	foreach ( $later as $entry ) {
		$seen = json_decode( (string) $entry['detail'], true );
		if ( is_array( $seen ) && in_array( (int) $batch, array_map( 'intval', (array) ( $seen['found'] ?? array() ) ), true ) ) {
			$when = get_date_from_gmt( (string) $entry['at'], get_option( 'date_format' ) . ' ' . get_option( 'time_format' ) );
			/* translators: %s: when the later import was made. */
			return elo_calculator_refuse( '', sprintf( __( 'The import of %s found games of this one on the ladder already and did not add them: undo that import first, or its file would lose them.', 'elo-calculator' ), $when ), 409 );
		}
	}
	return null;
}

/**
 * The players an import changed, put back as they were: each unless changed since, or their old name would be another
 * player's name or id (the names stay one player's each, as the players route keeps them), the players put back
 * together (two whose names the import swapped are put back both); a player gone since is left gone.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param array<int, mixed>    $undo   The import's changes, each [id, name, rating, active before, name, rating,
 *                                     active after].
 * @return array{0: int, 1: string[], 2: bool} How many were put back, the names of those kept, whether every write
 *                                             succeeded.
 */
function elo_calculator_restore_players( $ladder, $undo ) {
	global $wpdb;
	$now = array();
	$ids = array();
	foreach ( elo_calculator_players( $ladder['id'] ) as $player ) {
		$now[ 'p:' . $player['id'] ]              = elo_calculator_player_fields( $player );
		$ids[ elo_calculator_lower( $player['id'] ) ] = $player['id'];
	}
	$back = array(); // by 'p:' and the id: each player to put back, as they were
	$kept = array();
	foreach ( $undo as $change ) {
		list( $id, $name, $rating, $active, $name_after, $rating_after, $active_after ) = $change;
		$key = 'p:' . $id;
		if ( ! isset( $now[ $key ] ) ) {
			continue; // taken off since: nothing to put back
		}
		if ( array( (string) $name_after, (string) $rating_after, (bool) $active_after ) === array( $now[ $key ]['name'], $now[ $key ]['rating'], $now[ $key ]['active'] ) ) {
			$back[ $key ] = array( (string) $name, (string) $rating, (bool) $active );
		} else {
			$kept[] = $now[ $key ]['name'];
		}
	}
	// The names as they would be; a player whose name would be another's, or another's id, stays as they are, and
	// the others are looked at again (their own clash may have been with that player's old name).
	do {
		$named = array();
		foreach ( $now as $key => $player ) {
			$named[ elo_calculator_lower( isset( $back[ $key ] ) ? $back[ $key ][0] : $player['name'] ) ][] = $player['id'];
		}
		$dropped = false;
		foreach ( $back as $key => $was ) {
			$lower = elo_calculator_lower( $was[0] );
			if ( count( $named[ $lower ] ) > 1 || ( isset( $ids[ $lower ] ) && $ids[ $lower ] !== $now[ $key ]['id'] ) ) {
				unset( $back[ $key ] );
				$kept[]  = $now[ $key ]['name'];
				$dropped = true;
			}
		}
	} while ( $dropped );
	$ok = true;
	foreach ( $back as $key => $was ) {
		$ok = $ok && false !== $wpdb->update( elo_calculator_table( 'players' ), array( 'name' => $was[0], 'rating' => $was[1], 'active' => $was[2] ? 1 : 0 ), array( 'ladder' => $ladder['id'], 'code' => $now[ $key ]['id'] ) );
	}
	return array( count( $back ), $kept, $ok );
}

/**
 * The games a file imported again does not add, each as elo_calculator_import_games keeps it, with how many times:
 * the ladder's games, those deleted on the page too, and each game corrected on the page as it was before its first
 * correction, the file's line it came from. The club's file imported again the next week put back a game the keeper
 * had deleted as entered in error, and added a corrected game a second time, as the file has it (a hostile pass).
 * With them, the imports that added each (their `batch`): an import that finds a game of an earlier one depends on
 * it, and that one's Undo waits for its own (elo_calculator_undo_refused).
 *
 * @param int $ladder The ladder's id.
 * @return array{0: array<string, int>, 1: array<string, string>} The games and how many times; the batches that
 *                                                                 added each game, comma-separated.
 */
function elo_calculator_games_imported( $ladder ) {
	global $wpdb;
	$games = elo_calculator_table( 'games' );
	$log   = elo_calculator_table( 'log' );
	$as    = "CONCAT_WS(CHAR(31), g.played, g.white, g.black, g.result, COALESCE(g.pool, ''))";
	$have  = array();
	$from  = array();
	$batch = function ( $key, $id ) use ( &$from ) {
		if ( '' !== $id && ( ! isset( $from[ $key ] ) || ! in_array( $id, explode( ',', $from[ $key ] ), true ) ) ) {
			$from[ $key ] = isset( $from[ $key ] ) ? $from[ $key ] . ',' . $id : $id;
		}
	};
	// One text a game, its batch last (a row of two columns a game took twice the memory of 100 000 games).
	foreach ( $wpdb->get_col( $wpdb->prepare( "SELECT CONCAT($as, CHAR(30), COALESCE(g.batch, '')) FROM $games g WHERE g.ladder = %d", $ladder ) ) as $row ) { // phpcs:ignore WordPress.DB -- the plugin's own table
		$at     = strrpos( $row, chr( 30 ) );
		$key    = substr( $row, 0, $at );
		$have[] = $key;
		$batch( $key, substr( $row, $at + 1 ) );
	}
	// Each corrected game's first correction, with the game as it is now: one edited back as it was is there once.
	$firsts = (array) $wpdb->get_results( $wpdb->prepare( "SELECT l.detail, $as AS now, COALESCE(g.batch, '') AS batch FROM $log l JOIN $games g ON g.id = l.game WHERE l.ladder = %d AND l.action = 'edited' AND l.id = (SELECT MIN(e.id) FROM $log e WHERE e.ladder = l.ladder AND e.game = l.game AND e.action = 'edited')", $ladder ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own tables
	foreach ( $firsts as $first ) {
		$detail = json_decode( (string) $first['detail'], true );
		$was    = is_array( $detail ) && isset( $detail['before']['date'] ) ? $detail['before'] : null;
		$result = $was ? array_search( (string) $was['result'], elo_calculator_result_forms(), true ) : false;
		$line   = false === $result ? null : implode( ELO_CALCULATOR_GAME_SEPARATOR, array( $was['date'], $was['white'], $was['black'], $result, $was['pool'] ) );
		if ( null !== $line && $line !== $first['now'] ) {
			$have[] = $line;
			$batch( $line, (string) $first['batch'] );
		}
	}
	return array( array_count_values( $have ), $from );
}

/**
 * An import's files refused by their size alone, before they are read: more bytes than the ladder view reads, or
 * more lines than a ladder holds games (or players); null when they may be read.
 *
 * @param string $games   The results file's bytes.
 * @param string $players The players file's bytes.
 * @return WP_Error|null
 */
function elo_calculator_import_too_big( $games, $players ) {
	foreach ( array( 'games' => $games, 'players' => $players ) as $field => $text ) {
		if ( strlen( $text ) > elo_calculator_max_file_bytes() ) {
			/* translators: %d: the most megabytes. */
			return elo_calculator_refuse( $field, sprintf( __( 'the file is larger than %d MB, more than the ladder view reads.', 'elo-calculator' ), elo_calculator_max_file_bytes() / 1000000 ), 413 );
		}
		$most = 'games' === $field ? ELO_CALCULATOR_MAX_GAMES : ELO_CALCULATOR_MAX_PLAYERS;
		if ( preg_match_all( '/(*ANYCRLF)^[ \t]*[^\s]/m', $text ) > $most + 1 ) { // its lines but blank ones, one a header
			/* translators: 1: the most games, 2: the most players. */
			return elo_calculator_refuse( $field, sprintf( __( 'a ladder holds at most %1$d games and %2$d players.', 'elo-calculator' ), ELO_CALCULATOR_MAX_GAMES, ELO_CALCULATOR_MAX_PLAYERS ), 413 );
		}
	}
	return null;
}

/**
 * What makes two of these players one to a result naming them, as the players route refuses it: a name that two
 * players share, or one player's name that is another's id (letter case aside); null when nothing does.
 *
 * @param array<string, array<string, mixed>> $players The players, the ladder's and the file's together.
 * @return string|null
 */
function elo_calculator_names_clash( $players ) {
	$names = array();
	foreach ( $players as $player ) {
		$key = elo_calculator_lower( (string) $player['name'] );
		if ( isset( $names[ $key ] ) ) {
			/* translators: 1: the name, 2: one player's id, 3: the other's. */
			return sprintf( __( 'two players would be named "%1$s" (ids %2$s and %3$s): give one of them another name.', 'elo-calculator' ), $player['name'], $names[ $key ], $player['id'] );
		}
		$names[ $key ] = (string) $player['id'];
	}
	foreach ( $players as $player ) {
		$key = elo_calculator_lower( (string) $player['id'] );
		if ( isset( $names[ $key ] ) && $names[ $key ] !== (string) $player['id'] ) {
			/* translators: 1: the id, 2: the other player's id. */
			return sprintf( __( '"%1$s" would be one player\'s id and the name of another (id %2$s): give that player another name.', 'elo-calculator' ), $player['id'], $names[ $key ] );
		}
	}
	return null;
}

/**
 * The players of a file keyed as the ladder's own players are, an id written in another letter case
 * being the ladder's player (the database's and the view's rule).
 *
 * @param array<string, array<string, mixed>> $kept The ladder's players, by 'p:' and the id.
 * @param array<string, array<string, mixed>> $read The file's players, alike.
 * @return array<string, array<string, mixed>>
 */
function elo_calculator_same_players( $kept, $read ) {
	$keys = array();
	foreach ( $kept as $key => $player ) {
		$keys[ elo_calculator_lower( $player['id'] ) ] = $key;
	}
	$same = array();
	foreach ( $read as $key => $player ) {
		$own = isset( $keys[ elo_calculator_lower( $player['id'] ) ] ) ? $keys[ elo_calculator_lower( $player['id'] ) ] : $key;
		// What the file does not say of a player is as the ladder keeps it, or a new player's: the start rating, active.
		$same[ $own ] = array( 'id' => $kept[ $own ]['id'] ?? $player['id'] ) + $player + ( $kept[ $own ] ?? array( 'rating' => '', 'active' => true ) );
	}
	return $same;
}

/**
 * The import's rows written: new players, changed players, the games (500 to a statement).
 *
 * @param int                                 $ladder  The ladder's id.
 * @param array<string, array<string, mixed>> $new     Players to add.
 * @param array<string, array<string, mixed>> $changed Players to update.
 * @param string[]                            $games   Games to add, each as import_games keeps it.
 * @param int                                 $batch   The import's entry in the log, which the new rows keep.
 * @return bool Whether every statement succeeded.
 */
function elo_calculator_import_write( $ladder, $new, $changed, $games, $batch ) {
	global $wpdb;
	$ok = true;
	foreach ( $new as $player ) {
		$ok = $ok && false !== $wpdb->insert( elo_calculator_table( 'players' ), array(
			'ladder' => $ladder,
			'code'   => $player['id'],
			'name'   => $player['name'],
			'rating' => $player['rating'],
			'active' => $player['active'] ? 1 : 0,
			'batch'  => $batch,
		) );
	}
	foreach ( $changed as $player ) {
		$ok = $ok && false !== $wpdb->update( elo_calculator_table( 'players' ), array(
			'name'   => $player['name'],
			'rating' => $player['rating'],
			'active' => $player['active'] ? 1 : 0,
		), array( 'ladder' => $ladder, 'code' => $player['id'] ) );
	}
	foreach ( array_chunk( $games, 500 ) as $chunk ) {
		$values = array();
		foreach ( $chunk as $game ) {
			list( $played, $white, $black, $result, $pool ) = explode( ELO_CALCULATOR_GAME_SEPARATOR, $game );
			$values[] = $wpdb->prepare( '(%d, %s, %s, %s, %s, %s, %d)', $ladder, $played, $white, $black, $result, $pool, $batch );
		}
		$ok = $ok && false !== $wpdb->query( 'INSERT INTO ' . elo_calculator_table( 'games' ) . ' (ladder, played, white, black, result, pool, batch) VALUES ' . implode( ',', $values ) );
	}
	return $ok;
}
