<?php
/**
 * Plugin Name:       Elo calculator
 * Description:       An Elo and FIDE rating calculator for a club's pages: a block and the shortcode [elo_calculator]. It runs in the visitor's browser from files the plugin brings; nothing is sent anywhere.
 * Version:           __VERSION__
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            The elo-core and Elo calculator authors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       elo-calculator
 * Domain Path:       /languages
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

const ELO_CALCULATOR_VERSION = '__VERSION__';
const ELO_CALCULATOR_FILE    = __FILE__;
// The size in bytes of the zip this version came in (the release writes it; '' from the source).
const ELO_CALCULATOR_ZIP_BYTES = '__ZIP_BYTES__';

require_once __DIR__ . '/includes/attributes.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/self-test.php';
require_once __DIR__ . '/includes/block.php';
require_once __DIR__ . '/includes/update.php';
require_once __DIR__ . '/includes/ladders.php';
require_once __DIR__ . '/includes/ladder-files.php';
require_once __DIR__ . '/includes/ladder-changes.php';
require_once __DIR__ . '/includes/ladder-import.php';
require_once __DIR__ . '/includes/ladder-rest.php';
require_once __DIR__ . '/includes/ladder-admin.php';

add_action( 'init', 'elo_calculator_init' );
add_action( 'admin_init', 'elo_calculator_admin_init' );
add_action( 'admin_menu', 'elo_calculator_admin_menu' );
add_filter( 'plugin_action_links_' . plugin_basename( __FILE__ ), 'elo_calculator_action_links' );
add_filter( 'upgrader_source_selection', 'elo_calculator_keep_previous_static' );
register_activation_hook( __FILE__, 'elo_calculator_activate' );
add_action( 'init', 'elo_calculator_maybe_upgrade' );
add_action( 'rest_api_init', 'elo_calculator_rest_routes' );
add_action( 'admin_menu', 'elo_calculator_ladders_menu' );

/** The texts in the site's language, the shortcode and the block. */
function elo_calculator_init() {
	load_plugin_textdomain( 'elo-calculator', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
	add_shortcode( 'elo_calculator', 'elo_calculator_shortcode' );
	elo_calculator_register_block();
}
