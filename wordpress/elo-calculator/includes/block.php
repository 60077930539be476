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

/** The editor's choices and texts (translated here, from the plugin's .mo), and the loader. */
function elo_calculator_editor_assets() {
	$handle  = generate_block_asset_handle( 'elo-calculator/calculator', 'editorScript' );
	$texts   = array(
		'options'  => __( 'Calculator', 'elo-calculator' ),
		'view'     => __( 'View', 'elo-calculator' ),
		'src'      => __( 'File address (tournament report or results file)', 'elo-calculator' ),
		'players'  => __( 'Players file address (ladder)', 'elo-calculator' ),
		'system'   => __( 'Rating system', 'elo-calculator' ),
		'lang'     => __( 'Language', 'elo-calculator' ),
		'theme'    => __( 'Colours', 'elo-calculator' ),
		'accent'   => __( 'Accent colour', 'elo-calculator' ),
		'font'     => __( 'Font', 'elo-calculator' ),
		'k'        => __( 'Default K-factor', 'elo-calculator' ),
		'rating'   => __( 'Default rating', 'elo-calculator' ),
		'id'       => __( 'Name (keeps each calculator\'s entries apart)', 'elo-calculator' ),
		'fallback' => __( 'Text shown until the calculator is ready', 'elo-calculator' ),
		'default'  => __( 'The site\'s default (Settings, Elo calculator)', 'elo-calculator' ),
	);
	$choices = array(
		'view'   => array(
			''       => __( 'Rating calculator', 'elo-calculator' ),
			'event'  => __( 'Tournament report (from a TRF file)', 'elo-calculator' ),
			'ladder' => __( 'Club ladder (from a results file)', 'elo-calculator' ),
		),
		'system' => array( '' => $texts['default'] ) + elo_calculator_systems(),
		'lang'   => array( '' => $texts['default'] ) + elo_calculator_languages(),
		'theme'  => array( '' => $texts['default'] ) + elo_calculator_themes(),
	);
	wp_add_inline_script( $handle, 'window.eloCalculatorEditor = ' . wp_json_encode( array( 'texts' => $texts, 'choices' => $choices ) ) . ';', 'before' );
	elo_calculator_enqueue_loader();
}
