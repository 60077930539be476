<?php
/**
 * Elo calculator → Ladders: the page where a results secretary keeps the club's ladders (a result a
 * line, with the players' names suggested; edit and delete with Undo; players; rules; import and
 * export; who changed what). The page is plain JavaScript (admin/ladders.js) on WordPress's REST
 * routes (ladder-rest.php) with WordPress's REST nonce; this file gives it its menu, its texts
 * (translated here) and its first state.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/** Whether the current user keeps ladders: their own, or everyone's (a role may be given either alone). */
function elo_calculator_keeps_ladders() {
	return current_user_can( ELO_CALCULATOR_KEEP ) || current_user_can( ELO_CALCULATOR_KEEP_OTHERS );
}

/** The menu: Elo calculator → Ladders, for those who keep ladders. */
function elo_calculator_ladders_menu() {
	$cap  = current_user_can( ELO_CALCULATOR_KEEP ) ? ELO_CALCULATOR_KEEP : ELO_CALCULATOR_KEEP_OTHERS;
	$hook = add_menu_page( __( 'Ladders', 'elo-calculator' ), __( 'Elo calculator', 'elo-calculator' ), $cap, 'elo-calculator-ladders', 'elo_calculator_ladders_page', 'dashicons-awards' );
	add_submenu_page( 'elo-calculator-ladders', __( 'Ladders', 'elo-calculator' ), __( 'Ladders', 'elo-calculator' ), $cap, 'elo-calculator-ladders', 'elo_calculator_ladders_page' );
	add_action( 'load-' . $hook, 'elo_calculator_ladders_assets' );
}

/** The page's script and style, with its texts and state. */
function elo_calculator_ladders_assets() {
	$base = plugins_url( 'admin/', ELO_CALCULATOR_FILE );
	wp_enqueue_script( 'elo-calculator-ladders', $base . 'ladders.js', array( 'wp-api-fetch' ), ELO_CALCULATOR_VERSION, true );
	wp_enqueue_style( 'elo-calculator-ladders', $base . 'ladders.css', array(), ELO_CALCULATOR_VERSION );
	$config = array(
		'texts'   => elo_calculator_ladders_texts(),
		'systems' => elo_calculator_view_systems( 'ladder' ),
		'rules'   => ELO_CALCULATOR_LADDER_RULES,
		// The site's day and a result's latest date (the date fields' max) as the page opened; ladders.js works them out
		// anew in the site's time zone (`zone`) as the days pass: a tab left open refused today's results (a hostile pass).
		'today'   => current_time( 'Y-m-d' ),
		'latest'  => elo_calculator_latest_date(),
		'zone'    => wp_timezone_string(),
		'list'    => admin_url( 'admin.php?page=elo-calculator-ladders' ),
		'results' => array_map( 'strval', array_keys( elo_calculator_result_forms() ) ), // '1', not 1
		'dates'   => elo_calculator_date_words(), // dates shown as the site's settings write them (ladders.js: shownDate)
	);
	wp_add_inline_script( 'elo-calculator-ladders', 'window.eloCalculatorLadders = ' . wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP ) . ';', 'before' );
}

/**
 * How the page writes a date and a time: the site's formats (Settings → General: a German club's "j. F Y" showed
 * 2026-03-01 everywhere, a hostile pass) and the month and weekday names in the keeper's language.
 *
 * @return array<string, mixed>
 */
function elo_calculator_date_words() {
	global $wp_locale;
	return array(
		'date'      => (string) get_option( 'date_format', 'Y-m-d' ),
		'time'      => (string) get_option( 'time_format', 'H:i' ),
		'months'    => array_values( $wp_locale->month ),
		'monthsAbb' => array_values( $wp_locale->month_abbrev ),
		'days'      => array_values( $wp_locale->weekday ), // Sunday first, as getUTCDay counts
		'daysAbb'   => array_values( $wp_locale->weekday_abbrev ),
		'meridiem'  => $wp_locale->meridiem,
	);
}

/**
 * The page's texts, in the site's language.
 *
 * @return array<string, string>
 */
function elo_calculator_ladders_texts() {
	return array(
		'ladders'       => __( 'Ladders', 'elo-calculator' ),
		'none'          => __( 'No ladder yet: create the club\'s first below.', 'elo-calculator' ),
		'name'          => __( 'Name', 'elo-calculator' ),
		'shortcode'     => __( 'On a page', 'elo-calculator' ),
		'updated'       => __( 'Last updated', 'elo-calculator' ),
		'open'          => __( 'Keep', 'elo-calculator' ),
		'newLadder'     => __( 'New ladder', 'elo-calculator' ),
		'create'        => __( 'Create ladder', 'elo-calculator' ),
		'back'          => __( 'All ladders', 'elo-calculator' ),
		'enter'         => __( 'Enter a result', 'elo-calculator' ),
		'date'          => __( 'Date', 'elo-calculator' ),
		'white'         => __( 'White (first player)', 'elo-calculator' ),
		'black'         => __( 'Black (second player)', 'elo-calculator' ),
		'pool'          => __( 'Pool (optional)', 'elo-calculator' ),
		'result'        => __( 'Result', 'elo-calculator' ),
		'r1'            => __( 'White won 1-0', 'elo-calculator' ),
		'r0.5'          => __( 'Draw ½-½', 'elo-calculator' ),
		'r0'            => __( 'Black won 0-1', 'elo-calculator' ),
		'r+'            => __( 'White won by forfeit', 'elo-calculator' ),
		'r-'            => __( 'Black won by forfeit', 'elo-calculator' ),
		'r--'           => __( 'Both forfeited', 'elo-calculator' ),
		'saved'         => __( 'Saved:', 'elo-calculator' ),
		'deleted'       => __( 'Deleted:', 'elo-calculator' ),
		'restored'      => __( 'Restored:', 'elo-calculator' ),
		'undo'          => __( 'Undo', 'elo-calculator' ),
		'paste'         => __( 'Paste results', 'elo-calculator' ),
		'pasteHint'     => __( 'One game a line: date, white, black, result (as a results file writes them). Players must be on the ladder already.', 'elo-calculator' ),
		'pasteAdd'      => __( 'Add these games', 'elo-calculator' ),
		'imported'      => __( 'Added: %1$d games, %2$d new players.', 'elo-calculator' ),
		/* translators: %d: how many games. */
		'repeated'      => __( 'Games of the file already on the ladder (the same date, players, result and pool), or deleted or corrected on this page, not added again: %d.', 'elo-calculator' ),
		'chooseFile'    => __( 'Choose a results file or a players file to import.', 'elo-calculator' ),
		/* translators: 1: games taken off, 2: players taken off, 3: players put back as they were. */
		'importUndone'  => __( 'Import undone: %1$d games and %2$d new players taken off, %3$d players put back as they were.', 'elo-calculator' ),
		/* translators: %s: players' names. */
		'importKept'    => __( 'Kept as they are now (games entered, changes made or their old name taken since the import): %s.', 'elo-calculator' ),
		'undoImport'    => __( 'Undo this import', 'elo-calculator' ),
		'undoneMark'    => __( '(undone)', 'elo-calculator' ),
		/* translators: %d: how many games the import added. */
		'confirmUndoImport' => __( 'Undo this import? Its %d games are taken off the ladder, with the players it added who have no other game; the players it changed are put back as they were.', 'elo-calculator' ),
		/* translators: 1: games added, 2: players added, 3: players changed. */
		'importedWhat'  => __( '%1$d games, %2$d new players, %3$d players changed', 'elo-calculator' ),
		'enteredTwice'  => __( 'The ladder had this game already (the same date, players, result and pool): if it was entered twice, undo it.', 'elo-calculator' ),
		'remove'        => __( 'Remove', 'elo-calculator' ),
		'removed'       => __( 'Removed:', 'elo-calculator' ),
		/* translators: %d: the line's number. */
		'notUtf8'       => __( 'line %d is not in UTF-8, while the file\'s other lines are: save the whole file as UTF-8 (in Excel: CSV UTF-8).', 'elo-calculator' ),
		'games'         => __( 'Games', 'elo-calculator' ),
		'noGames'       => __( 'No game yet.', 'elo-calculator' ),
		/* translators: 1: how many games are listed, 2: the ladder's games. */
		'latest'        => __( 'The latest %1$d of %2$d games, newest first; every game is in the export.', 'elo-calculator' ),
		'find'          => __( 'Find games (a player\'s name or id, or a date such as 2026-09)', 'elo-calculator' ),
		'findButton'    => __( 'Find', 'elo-calculator' ),
		/* translators: 1: how many games were found, 2: the ladder's games. */
		'found'         => __( '%1$d of %2$d games found, newest first.', 'elo-calculator' ),
		'noneFound'     => __( 'No game found.', 'elo-calculator' ),
		'gamePages'     => __( 'Pages of games', 'elo-calculator' ),
		'newer'         => __( 'Newer games', 'elo-calculator' ),
		'older'         => __( 'Older games', 'elo-calculator' ),
		/* translators: 1: this page, 2: the pages. */
		'pageOf'        => __( 'Page %1$d of %2$d', 'elo-calculator' ),
		'edit'          => __( 'Edit', 'elo-calculator' ),
		'delete'        => __( 'Delete', 'elo-calculator' ),
		'save'          => __( 'Save', 'elo-calculator' ),
		'cancel'        => __( 'Cancel', 'elo-calculator' ),
		'players'       => __( 'Players', 'elo-calculator' ),
		'id'            => __( 'Id (optional: the name)', 'elo-calculator' ),
		'idHead'        => __( 'Id', 'elo-calculator' ),
		/* translators: %s: the id given to a new player whose name is longer than an id may be. */
		'idGiven'       => __( '(their id: %s)', 'elo-calculator' ),
		'keptByOther'   => __( 'This ladder is kept by another user: only they and the club\'s editors may change it.', 'elo-calculator' ),
		/* A ladder history entry's action (ladders.js). */
		'action_created'  => __( 'created', 'elo-calculator' ),
		'action_rules'    => __( 'name and rules', 'elo-calculator' ),
		'action_player'   => __( 'player', 'elo-calculator' ),
		'action_game'     => __( 'result entered', 'elo-calculator' ),
		'action_edited'   => __( 'edited', 'elo-calculator' ),
		'action_deleted'  => __( 'deleted', 'elo-calculator' ),
		'action_restored' => __( 'restored', 'elo-calculator' ),
		'action_imported' => __( 'imported', 'elo-calculator' ),
		'action_removed'  => __( 'player removed', 'elo-calculator' ),
		'rating'        => __( 'Start rating (empty: the ladder\'s)', 'elo-calculator' ),
		'active'        => __( 'Active', 'elo-calculator' ),
		'addPlayer'     => __( 'Add player', 'elo-calculator' ),
		'rules'         => __( 'Name and rules', 'elo-calculator' ),
		'saveRules'     => __( 'Save name and rules', 'elo-calculator' ),
		'default'       => __( 'The ladder view\'s default', 'elo-calculator' ),
		'system'        => __( 'Rating system', 'elo-calculator' ),
		'k'             => __( 'K-factor', 'elo-calculator' ),
		'start'         => __( 'Start rating', 'elo-calculator' ),
		'first-k'       => __( 'K for a new player\'s first games', 'elo-calculator' ),
		'first-games'   => __( 'How many first games', 'elo-calculator' ),
		'cap-400'       => __( 'Rating differences counted at most 400', 'elo-calculator' ),
		'period'        => __( 'Rated each (Glicko)', 'elo-calculator' ),
		'provisional'   => __( 'Provisional until this many games', 'elo-calculator' ),
		'inactive-months' => __( 'Inactive after this many months', 'elo-calculator' ),
		'yes'           => __( 'yes', 'elo-calculator' ),
		'no'            => __( 'no', 'elo-calculator' ),
		'week'          => __( 'week', 'elo-calculator' ),
		'month'         => __( 'month', 'elo-calculator' ),
		'files'         => __( 'Import and export', 'elo-calculator' ),
		'gamesFile'     => __( 'Results file (CSV, as a spreadsheet exports it)', 'elo-calculator' ),
		'playersFile'   => __( 'Players file (optional: id, name, rating, active)', 'elo-calculator' ),
		'import'        => __( 'Import', 'elo-calculator' ),
		'export'        => __( 'Export (the ladder\'s files, as a spreadsheet opens them):', 'elo-calculator' ),
		'filesPublic'   => __( 'The ladder\'s two files are public, as every upload is: a private or password-protected page keeps its visitors from the ladder, not from its files. Their address has a random part, so that only those given it (the page\'s visitors) find them.', 'elo-calculator' ),
		'filesNamed'    => __( 'The ladder\'s two files are public, as every upload is: a private or password-protected page keeps its visitors from the ladder, not from its files. This ladder\'s files have an address made from its name, which anyone may guess: to keep its results to the club, create a new ladder (its address has a random part), import these files into it and delete this one.', 'elo-calculator' ),
		'history'       => __( 'History', 'elo-calculator' ),
		'restore'       => __( 'Restore', 'elo-calculator' ),
		'deleteLadder'  => __( 'Delete this ladder', 'elo-calculator' ),
		'confirmDelete' => __( 'Delete this ladder with all its games? Export it first to keep a copy.', 'elo-calculator' ),
		'place'         => __( 'Put the ladder on a page with this shortcode, or the Elo calculator block\'s ladder choice:', 'elo-calculator' ),
		'failed'        => __( 'Not saved:', 'elo-calculator' ),
		'notLoaded'     => __( 'Not loaded:', 'elo-calculator' ),
		/* translators: %s: why the ladder could not be read. */
		'notReloaded'   => __( 'This page could not be read again and does not show the change yet (%s): reload it.', 'elo-calculator' ),
		'loading'       => __( 'Loading…', 'elo-calculator' ),
		/* translators: %s: the game as another keeper left it (date, players, result). */
		'changedKept'   => __( 'Not saved: this game was changed by someone else since it was read here, and is now %s. Your values are kept below: save them again, or cancel.', 'elo-calculator' ),
	);
}

/** The page: the script fills it. */
function elo_calculator_ladders_page() {
	if ( ! elo_calculator_keeps_ladders() ) {
		return;
	}
	echo '<div class="wrap elo-ladders"><h1>' . esc_html__( 'Ladders', 'elo-calculator' ) . '</h1>';
	$slug = isset( $_GET['ladder'] ) && is_string( $_GET['ladder'] ) ? sanitize_title( wp_unslash( $_GET['ladder'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification -- only which ladder to show
	echo '<div id="elo-ladders-app" data-ladder="' . esc_attr( $slug ) . '"><p>' . esc_html__( 'Loading…', 'elo-calculator' ) . '</p></div>';
	echo '<noscript><p>' . esc_html__( 'This page needs JavaScript.', 'elo-calculator' ) . '</p></noscript></div>';
}
