<?php
/**
 * A ladder's two files, games.csv and players.csv, as the ladder view reads any club's files (the
 * element's `src` and `players`): written under wp-content/uploads/elo-calculator/<folder>/ (the slug and a random
 * part: elo_calculator_folder) on every change, so that a visitor's browser fetches static files and no PHP runs on its path; an
 * .htaccess there has them revalidated on every visit. The same files are the ladder's export; a
 * club's own files (a spreadsheet's export) are read back by the import, with elo_core's column
 * names and result forms (contract.php), all or nothing.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/**
 * The folder of the ladders' files (no trailing slash), or its address.
 *
 * @param string $part basedir or baseurl.
 * @return string
 */
function elo_calculator_files_base( $part ) {
	$uploads = wp_upload_dir( null, false );
	return $uploads[ $part ] . '/elo-calculator';
}

/**
 * The name of a ladder's folder in the ladders' folder: its slug and a random part, so that its address cannot be
 * guessed from its name. Its files are public, as every upload is: a ladder shown only on a private or
 * password-protected page was read by anyone who typed …/elo-calculator/<its name>/players.csv (a hostile pass). A
 * ladder made before the folder was kept (the column's empty) keeps its slug's folder, and its address.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return string
 */
function elo_calculator_folder( $ladder ) {
	return isset( $ladder['folder'] ) && '' !== $ladder['folder'] ? (string) $ladder['folder'] : (string) $ladder['slug'];
}

/**
 * A ladder file's address.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param string               $file   games.csv or players.csv.
 * @return string
 */
function elo_calculator_ladder_url( $ladder, $file ) {
	return elo_calculator_files_base( 'baseurl' ) . '/' . rawurlencode( elo_calculator_folder( $ladder ) ) . '/' . $file;
}

/**
 * The most bytes of a file the ladder view fetches (elo_core's MAX_FILE_BYTES, from contract.php).
 *
 * @return int
 */
function elo_calculator_max_file_bytes() {
	$limits = elo_calculator_contract( 'limits' );
	return isset( $limits['max_file_bytes'] ) ? (int) $limits['max_file_bytes'] : 8000000;
}

/**
 * Whether the ladder's games file has room for `$bytes` more (the view refuses a larger file).
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param int                  $bytes  The bytes to add.
 * @return bool
 */
function elo_calculator_room( $ladder, $bytes ) {
	$file = elo_calculator_files_base( 'basedir' ) . '/' . elo_calculator_folder( $ladder ) . '/games.csv';
	return ( is_file( $file ) ? (int) filesize( $file ) : 0 ) + $bytes <= elo_calculator_max_file_bytes();
}

/**
 * A cell without the apostrophe a writer puts before a text a spreadsheet would run as a formula ('=x is =x), as
 * elo_core's reader drops it (ledger._KEPT_AS_TEXT).
 *
 * @param string $text The cell.
 * @return string
 */
function elo_calculator_formula_kept( $text ) {
	return 1 === preg_match( '/^\'\s*[=+\-@\x{FF1D}\x{FF0B}\x{FF0D}\x{FF20}]/u', $text ) ? substr( $text, 1 ) : $text;
}

/**
 * One CSV cell as elo_core's writer (csv_writer.py) writes it: a text a spreadsheet would run as a formula
 * (=, +, -, @, a tab or a carriage return first, and no plain number) after an apostrophe, which the
 * ladder's reader drops again; quoted when it holds a separator, a quote or a line break.
 *
 * @param string $text The cell.
 * @return string
 */
function elo_calculator_csv_cell( $text ) {
	$text = (string) $text;
	if ( 1 === preg_match( '/^\s*[=+\-@\t\r\x{FF1D}\x{FF0B}\x{FF0D}\x{FF20}]/u', $text ) && 1 !== preg_match( '/^[+-]?[0-9]+([.,][0-9]+)?\z/', $text ) ) {
		$text = "'" . $text;
	}
	return 1 === preg_match( '/[",;\t\r\n]/', $text ) ? '"' . str_replace( '"', '""', $text ) . '"' : $text;
}

/**
 * One line of a CSV file, CRLF ended.
 *
 * @param array<int, string> $row The cells.
 * @return string
 */
function elo_calculator_csv_line( $row ) {
	return implode( ',', array_map( 'elo_calculator_csv_cell', $row ) ) . "\r\n";
}

/**
 * A CSV file: a byte order mark (Excel then reads UTF-8), CRLF line ends.
 *
 * @param array<int, array<int, string>> $rows The rows, the header first.
 * @return string
 */
function elo_calculator_csv( $rows ) {
	return "\xEF\xBB\xBF" . implode( '', array_map( 'elo_calculator_csv_line', $rows ) );
}

/** Games read from the database at a time for the games file. */
const ELO_CALCULATOR_GAMES_PAGE = 5000;

/**
 * Writes the ladder's games file to `$handle`: `date,white,black,result` (and `pool` when a game has one), by date,
 * as elo_calculator_csv writes a file. Read a page of games at a time: the whole of a ladder of 100 000 games,
 * as arrays and then as one text, took more than PHP's usual 128 MB, and from some 70 000 games every change
 * ended in a fatal error after it was saved, the ladder's files never written again.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @param resource             $handle The file, open for writing.
 * @return bool Whether every byte was written.
 */
function elo_calculator_write_games_csv( $ladder, $handle ) {
	global $wpdb;
	$table  = elo_calculator_table( 'games' );
	$pools  = null !== $wpdb->get_var( $wpdb->prepare( "SELECT id FROM $table WHERE ladder = %d AND deleted IS NULL AND pool <> '' LIMIT 1", $ladder['id'] ) ); // phpcs:ignore WordPress.DB -- the plugin's own table
	$header = $pools ? array( 'date', 'white', 'black', 'result', 'pool' ) : array( 'date', 'white', 'black', 'result' );
	$ok     = false !== fwrite( $handle, "\xEF\xBB\xBF" . elo_calculator_csv_line( $header ) );
	$after  = array( '1000-01-01', 0 ); // the last game written, by date and id: the next page starts after it
	do {
		$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, played, white, black, result, pool FROM $table WHERE ladder = %d AND deleted IS NULL AND (played > %s OR (played = %s AND id > %d)) ORDER BY played, id LIMIT %d", $ladder['id'], $after[0], $after[0], $after[1], ELO_CALCULATOR_GAMES_PAGE ), ARRAY_A ); // phpcs:ignore WordPress.DB -- the plugin's own table
		if ( '' !== $wpdb->last_error ) {
			return false; // a page the database could not read: the file is not put in place cut short
		}
		$wpdb->flush(); // wpdb keeps the last result's rows too
		$lines = '';
		foreach ( $rows as $row ) {
			$game   = elo_calculator_game_out( $row );
			$cells  = array( $game['date'], $game['white'], $game['black'], $game['result'] );
			$lines .= elo_calculator_csv_line( $pools ? array_merge( $cells, array( $game['pool'] ) ) : $cells );
			$after  = array( (string) $row['played'], (int) $row['id'] );
		}
		$ok = $ok && false !== fwrite( $handle, $lines );
	} while ( $ok && ELO_CALCULATOR_GAMES_PAGE === count( $rows ) );
	return $ok;
}

/**
 * The ladder's players file: `id,name,rating,active`.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return string
 */
function elo_calculator_players_csv( $ladder ) {
	$rows = array( array( 'id', 'name', 'rating', 'active' ) );
	foreach ( elo_calculator_players( $ladder['id'] ) as $player ) {
		$rows[] = array( $player['id'], $player['name'], $player['rating'], $player['active'] ? 'yes' : 'no' );
	}
	return elo_calculator_csv( $rows );
}

/**
 * Whether the ladders' folder can be written (made when it is missing), and the ladder's in it.
 *
 * @param string|null $folder The ladder changed's folder (elo_calculator_folder; null: a new one).
 * @return bool
 */
function elo_calculator_files_ready( $folder = null ) {
	$base = elo_calculator_files_base( 'basedir' );
	if ( ! wp_mkdir_p( $base ) || ! wp_is_writable( $base ) ) {
		return false;
	}
	return null === $folder || ! is_dir( $base . '/' . $folder ) || wp_is_writable( $base . '/' . $folder );
}

/**
 * Writes the ladder's two files (each whole, then moved into place: a visitor never reads half a
 * file), and the folder's .htaccess.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return bool Whether both were written.
 */
function elo_calculator_write_files( $ladder ) {
	$base   = elo_calculator_files_base( 'basedir' );
	$folder = $base . '/' . elo_calculator_folder( $ladder );
	if ( ! wp_mkdir_p( $folder ) ) {
		return false;
	}
	if ( ! file_exists( $base . '/index.html' ) ) {
		// A server that lists a folder without an index would list the ladders' folders, and their random parts.
		file_put_contents( $base . '/index.html', '' );
	}
	if ( ! file_exists( $base . '/.htaccess' ) ) {
		// Revalidated on every visit: a result entered shows on the next reload (nginx: see readme.txt).
		file_put_contents( $base . '/.htaccess', "# Written by the Elo calculator plugin: a ladder's files are revalidated on every visit.\n<IfModule mod_headers.c>\n\tHeader set Cache-Control \"no-cache\"\n</IfModule>\n" );
	}
	// One writer at a time, from reading the ladder to the last file: two keepers' changes at once
	// must not leave the files of the one that read first.
	$lock = fopen( $folder . '/.lock', 'c' );
	if ( ! $lock || ! flock( $lock, LOCK_EX ) ) {
		return false;
	}
	$ladder = elo_calculator_ladder( $ladder['slug'] ); // as it is now; null once deleted
	$done   = true;
	// The players first: a visitor never reads games of players the players file does not list yet.
	$writers = array(
		'players.csv' => function ( $handle ) use ( $ladder ) {
			return false !== fwrite( $handle, elo_calculator_players_csv( $ladder ) );
		},
		'games.csv'   => function ( $handle ) use ( $ladder ) {
			return elo_calculator_write_games_csv( $ladder, $handle );
		},
	);
	foreach ( $ladder ? $writers : array() as $name => $write ) {
		$part    = $folder . '/.' . $name . '.' . wp_generate_password( 8, false );
		$handle  = fopen( $part, 'wb' );
		$written = $handle && $write( $handle );
		$written = $handle && fclose( $handle ) && $written;
		if ( ! $written || ! rename( $part, $folder . '/' . $name ) ) {
			if ( file_exists( $part ) ) {
				unlink( $part );
			}
			$done = false;
			break;
		}
	}
	flock( $lock, LOCK_UN );
	fclose( $lock );
	if ( ! $ladder ) {
		elo_calculator_remove_files( (string) basename( $folder ) ); // deleted meanwhile: its folder goes
	}
	return $done;
}

/**
 * Removes a deleted ladder's files and folder.
 *
 * @param string $name The ladder's folder (elo_calculator_folder).
 */
function elo_calculator_remove_files( $name ) {
	$folder = elo_calculator_files_base( 'basedir' ) . '/' . $name;
	foreach ( array_merge( glob( $folder . '/*.csv' ) ?: array(), glob( $folder . '/.*' ) ?: array() ) as $path ) {
		if ( is_file( $path ) ) {
			unlink( $path );
		}
	}
	if ( is_dir( $folder ) ) {
		rmdir( $folder );
	}
}

/**
 * A club's file as text: UTF-8 (a byte order mark dropped), UTF-16 by its byte order mark, else
 * Windows-1252 (an older Excel's export). Without PHP's mbstring, which many hosts lack.
 *
 * @param string $bytes The file.
 * @return string
 */
function elo_calculator_file_text( $bytes ) {
	$order = substr( $bytes, 0, 2 );
	if ( "\xFF\xFE" === $order || "\xFE\xFF" === $order ) {
		$units = array_values( (array) unpack( "\xFF" === $order[0] ? 'v*' : 'n*', substr( $bytes, 2, strlen( $bytes ) - 2 - strlen( $bytes ) % 2 ) ) );
		$bytes = '';
		for ( $i = 0, $n = count( $units ); $i < $n; $i++ ) {
			$unit = $units[ $i ];
			if ( $unit >= 0xD800 && $unit < 0xDC00 && $i + 1 < $n && $units[ $i + 1 ] >= 0xDC00 && $units[ $i + 1 ] < 0xE000 ) {
				$unit = 0x10000 + ( ( $unit - 0xD800 ) << 10 ) + ( $units[ ++$i ] - 0xDC00 );
			}
			$bytes .= elo_calculator_utf8( $unit >= 0xD800 && $unit < 0xE000 ? 0xFFFD : $unit );
		}
	} elseif ( 1 !== preg_match( '//u', $bytes ) ) {
		$high  = array( 0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178 );
		$bytes = (string) preg_replace_callback( '/[\x80-\xFF]/', function ( $byte ) use ( $high ) {
			$code = ord( $byte[0] );
			return elo_calculator_utf8( $code < 0xA0 ? $high[ $code - 0x80 ] : $code );
		}, $bytes );
	}
	return (string) preg_replace( '/^\x{FEFF}/u', '', $bytes );
}

/**
 * A code point in UTF-8.
 *
 * @param int $code The code point.
 * @return string
 */
function elo_calculator_utf8( $code ) {
	if ( $code < 0x80 ) {
		return chr( $code );
	}
	if ( $code < 0x800 ) {
		return chr( 0xC0 | $code >> 6 ) . chr( 0x80 | $code & 0x3F );
	}
	if ( $code < 0x10000 ) {
		return chr( 0xE0 | $code >> 12 ) . chr( 0x80 | $code >> 6 & 0x3F ) . chr( 0x80 | $code & 0x3F );
	}
	return chr( 0xF0 | $code >> 18 ) . chr( 0x80 | $code >> 12 & 0x3F ) . chr( 0x80 | $code >> 6 & 0x3F ) . chr( 0x80 | $code & 0x3F );
}

/**
 * A club's CSV file's rows, each with its line number and its cells trimmed (and an apostrophe a
 * writer put before a formula dropped); the separator is the one most of the first lines hold.
 *
 * @param string $text The file's text.
 * @return array<int, array{0: int, 1: string[]}>
 */
function elo_calculator_csv_rows( $text ) {
	$written = array_slice( array_filter( preg_split( '/\r\n|\r|\n/', $text ), 'trim' ), 0, 20 );
	$best    = ',';
	$most    = -1;
	foreach ( array( "\t", ';', ',' ) as $separator ) {
		$count = count( array_filter( $written, function ( $line ) use ( $separator ) {
			return false !== strpos( $line, $separator );
		} ) );
		if ( $count > $most ) {
			$best = $separator;
			$most = $count;
		}
	}
	$stream = fopen( 'php://temp', 'r+' );
	fwrite( $stream, (string) preg_replace( '/\r\n?/', "\n", $text ) ); // a Mac's CSV ends its lines with CR only
	rewind( $stream );
	$rows = array();
	$line = 1;
	while ( false !== ( $cells = fgetcsv( $stream, 0, $best, '"', '' ) ) ) {
		$next = $line + substr_count( implode( '', (array) $cells ), "\n" ) + 1;
		$cells = array_map( function ( $cell ) {
			$cell = (string) elo_calculator_js_trim( (string) $cell );
			return elo_calculator_formula_kept( $cell );
		}, (array) $cells );
		if ( array_filter( $cells, 'strlen' ) ) {
			$rows[] = array( $line, $cells );
		}
		$line = $next;
	}
	fclose( $stream );
	return $rows;
}

/**
 * Which column holds what, from a header row (names as elo_core's ledger reads them, in six
 * languages); null when the row is no header.
 *
 * @param string[] $cells  The row.
 * @param string   $prefix '' for the games' columns, 'player_' for the players'.
 * @return array<string, int>|null
 */
function elo_calculator_header( $cells, $prefix ) {
	$names = array();
	foreach ( elo_calculator_contract( 'columns' ) as $column => $aliases ) {
		if ( 0 === strpos( $column, $prefix ) && ( '' !== $prefix || 0 !== strpos( $column, 'player_' ) ) ) {
			foreach ( $aliases as $alias ) {
				$names[ $alias ] = substr( $column, strlen( $prefix ) );
			}
		}
	}
	$found = array();
	foreach ( $cells as $i => $cell ) {
		$key = strtolower( remove_accents( str_replace( array( 'ß', 'ẞ' ), 'ss', $cell ) ) ); // as Python's casefold()
		$key = (string) preg_replace( '/[^a-z0-9]/', '', $key );
		if ( isset( $names[ $key ] ) && ! isset( $found[ $names[ $key ] ] ) ) {
			$found[ $names[ $key ] ] = $i;
		}
	}
	// Two known names, or a players file's one column of ids or names ("name" was a player), as elo_core's.
	$alone = 'player_' === $prefix && 1 === count( $found ) && array_intersect( array_keys( $found ), array( 'id', 'name' ) ) && 1 === count( array_filter( array_map( 'trim', $cells ), 'strlen' ) );
	return count( $found ) >= 2 || $alone ? $found : null;
}

/**
 * A club's date: ISO (2026-03-04, with / or .), DD.MM.YYYY, DD/MM/YYYY (MM/DD/YYYY with
 * `$month_first`); a time after it ignored.
 *
 * @param string $text        The cell.
 * @param bool   $month_first Whether slashed dates are month first.
 * @return string|null YYYY-MM-DD.
 */
function elo_calculator_read_date( $text, $month_first = false ) {
	$text = trim( (string) preg_replace( '/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*$/', '', $text ) );
	if ( preg_match( '/^(\d{4})([-\/.])(\d{1,2})\2(\d{1,2})$/', $text, $m ) ) {
		list( $y, $mo, $d ) = array( $m[1], $m[3], $m[4] );
	} elseif ( preg_match( '/^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/', $text, $m ) ) {
		list( $d, $mo, $y ) = array( $m[1], $m[2], $m[3] );
	} elseif ( preg_match( '/^(\d{1,2})([\/-])(\d{1,2})\2(\d{4})$/', $text, $m ) ) {
		list( $d, $mo, $y ) = $month_first ? array( $m[3], $m[1], $m[4] ) : array( $m[1], $m[3], $m[4] );
	} else {
		return null;
	}
	return checkdate( (int) $mo, (int) $d, (int) $y ) ? sprintf( '%04d-%02d-%02d', $y, $mo, $d ) : null;
}
