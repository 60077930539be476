<?php
/**
 * The "Elo calculator" block (block/block.json): rendered on the server by the shortcode's own
 * function; its editor script (block/editor.js) is plain JavaScript on WordPress's wp.* globals,
 * so nothing is built. The editor gets the loader too, so that its preview is the real calculator.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/** Register the block from block.json, with its render callback and the editor's texts. */
function elo_calculator_register_block() {
	register_block_type( dirname( __DIR__ ) . '/block', array( 'render_callback' => 'elo_calculator_render_block' ) );
	add_action( 'enqueue_block_editor_assets', 'elo_calculator_editor_assets' );
}

/**
 * Which of the block's attributes its sidebar shows: each view's own (the calculator's under '',
 * for any other view too), then the ones every view has (language and look), then the ones of the
 * block itself (its name on the page, its text until the calculator is ready).
 *
 * @return array{views: array<string, string[]>, common: string[], always: string[]}
 */
function elo_calculator_block_fields() {
	return array(
		'views'  => array(
			''       => array( 'system', 'k', 'rating' ),
			'event'  => array( 'src', 'system', 'k', 'overrides', 'norm-exempt', 'norm-games', 'norm-rounds', 'heading' ),
			'ladder' => array( 'ladder', 'src', 'players', 'system', 'k', 'start', 'first-k', 'first-games', 'cap-400', 'period', 'provisional', 'inactive-months', 'since', 'preset', 'home-advantage', 'margin', 'season-regression', 'season-mean', 'season-start', 'pool', 'heading' ),
		),
		'common' => array( 'lang', 'language-menu', 'theme', 'accent', 'font' ),
		'always' => array( 'id', 'fallback' ),
	);
}

/**
 * The editor's fields, choices and texts (translated here, from the plugin's .mo): what
 * block/editor.js reads as window.eloCalculatorEditor.
 *
 * @return array<string, mixed>
 */
function elo_calculator_editor_config() {
	$texts    = array(
		'options'         => __( 'Calculator', 'elo-calculator' ),
		'look'            => __( 'Language and look', 'elo-calculator' ),
		'view'            => __( 'View', 'elo-calculator' ),
		'src'             => __( 'File address (tournament report or results file)', 'elo-calculator' ),
		'players'         => __( 'Players file address (ladder)', 'elo-calculator' ),
		'ladder'          => __( 'A ladder kept on this site (Elo calculator, Ladders)', 'elo-calculator' ),
		'system'          => __( 'Rating system', 'elo-calculator' ),
		'lang'            => __( 'Language', 'elo-calculator' ),
		'theme'           => __( 'Colours', 'elo-calculator' ),
		'accent'          => __( 'Accent colour', 'elo-calculator' ),
		'accentBlue'      => __( 'The calculator\'s blue', 'elo-calculator' ),
		'font'            => __( 'Font', 'elo-calculator' ),
		'k'               => __( 'Default K-factor', 'elo-calculator' ),
		'rating'          => __( 'Default rating', 'elo-calculator' ),
		'heading'         => __( 'Heading ("none": no heading)', 'elo-calculator' ),
		'overrides'       => __( 'Visitors may set a player\'s K', 'elo-calculator' ),
		'norm-exempt'     => __( 'Title norms: exempt from the federations\' rules (a national championship)', 'elo-calculator' ),
		'norm-games'      => __( 'Title norms: the fewest games a norm counts (7 to 9)', 'elo-calculator' ),
		'norm-rounds'     => __( 'Title norms: the event\'s rounds in all, while it is running', 'elo-calculator' ),
		'language-menu'   => __( 'A menu of languages for visitors', 'elo-calculator' ),
		'start'           => __( 'Start rating', 'elo-calculator' ),
		'first-k'         => __( 'Higher K for a player\'s first games', 'elo-calculator' ),
		'first-games'     => __( 'How many first games', 'elo-calculator' ),
		'cap-400'         => __( 'Count rating differences over 400 as 400', 'elo-calculator' ),
		'period'          => __( 'Rating period (Glicko, Glicko-2)', 'elo-calculator' ),
		'provisional'     => __( 'Games before a player is ranked', 'elo-calculator' ),
		'inactive-months' => __( 'Months without a game before a player is marked inactive (0: never)', 'elo-calculator' ),
		'since'           => __( 'Change since (date)', 'elo-calculator' ),
		'preset'            => __( 'League preset (Elo)', 'elo-calculator' ),
		'home-advantage'    => __( 'Home advantage in rating points (Elo)', 'elo-calculator' ),
		'margin'            => __( 'Margin of victory (Elo)', 'elo-calculator' ),
		'season-regression' => __( 'Part of the way to the mean at a new season, 0 to 1 (Elo)', 'elo-calculator' ),
		'season-mean'       => __( 'The mean seasons regress to (Elo)', 'elo-calculator' ),
		'season-start'      => __( 'The day each season starts, MM-DD (Elo)', 'elo-calculator' ),
		'pool'            => __( 'Pool shown first', 'elo-calculator' ),
		'id'              => __( 'Name (keeps each calculator\'s entries apart)', 'elo-calculator' ),
		'fallback'        => __( 'Text shown until the calculator is ready', 'elo-calculator' ),
	);
	$site     = array( '' => __( 'The site\'s default (Settings, Elo calculator)', 'elo-calculator' ) );
	$own      = array( '' => __( 'The calculator\'s default', 'elo-calculator' ) );
	$yes_no   = $own + array(
		'yes' => __( 'Yes', 'elo-calculator' ),
		'no'  => __( 'No', 'elo-calculator' ),
	);
	$choices  = array(
		'view'      => array(
			''       => __( 'Rating calculator', 'elo-calculator' ),
			'event'  => __( 'Tournament report (from a TRF file)', 'elo-calculator' ),
			'ladder' => __( 'Club ladder (from a results file)', 'elo-calculator' ),
		),
		'lang'      => $site + elo_calculator_languages(),
		'theme'     => $site + elo_calculator_themes(),
		'cap-400'   => $yes_no,
		'overrides' => $yes_no,
		'norm-exempt' => $yes_no,
		'language-menu' => $yes_no,
		'ladder'    => elo_calculator_ladder_choices(),
		'period'    => $own + array(
			'week'  => __( 'Week', 'elo-calculator' ),
			'month' => __( 'Month', 'elo-calculator' ),
		),
		'preset'    => $own + array(
			'club'                => __( 'A club\'s plain Elo', 'elo-calculator' ),
			'world-football'      => __( 'World Football Elo (eloratings.net)', 'elo-calculator' ),
			'fivethirtyeight-nfl' => __( 'FiveThirtyEight\'s NFL Elo', 'elo-calculator' ),
		),
		'margin'    => $own + array(
			'none'            => __( 'None', 'elo-calculator' ),
			'world-football'  => __( 'World Football Elo\'s goal difference', 'elo-calculator' ),
			'fivethirtyeight' => __( 'FiveThirtyEight\'s points difference', 'elo-calculator' ),
		),
	);
	$systems  = array();
	$fields   = elo_calculator_block_fields();
	foreach ( array_keys( $fields['views'] ) as $view ) {
		$systems[ $view ] = $site + elo_calculator_view_systems( $view );
	}
	return array_merge( $fields, array(
		'texts'   => $texts,
		'choices' => $choices,
		'systems' => $systems,
		'inputs'  => array( 'since' => 'date' ),
	) );
}

/**
 * The ladders kept on the site, for the block's ladder choice ('' first: the files named by address).
 *
 * @return array<string, string>
 */
function elo_calculator_ladder_choices() {
	$choices = array( '' => __( 'None: the files named below', 'elo-calculator' ) );
	foreach ( elo_calculator_ladders() as $ladder ) {
		$choices[ $ladder['slug'] ] = $ladder['name'];
	}
	return $choices;
}

/** The editor's configuration before its script, and the loader for the live preview. */
function elo_calculator_editor_assets() {
	$handle = generate_block_asset_handle( 'elo-calculator/calculator', 'editorScript' );
	wp_add_inline_script( $handle, 'window.eloCalculatorEditor = ' . wp_json_encode( elo_calculator_editor_config(), JSON_HEX_TAG | JSON_HEX_AMP ) . ';', 'before' );
	elo_calculator_enqueue_loader();
}
