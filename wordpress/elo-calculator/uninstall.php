<?php
/**
 * Run by WordPress when the plugin is deleted (not when it is deactivated): removes the plugin's
 * one option, on every site of a network. Pages keep their shortcodes and blocks as they were.
 *
 * @package elo-calculator
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $elo_calculator_site ) {
		switch_to_blog( $elo_calculator_site );
		delete_option( 'elo_calculator_settings' );
		restore_current_blog();
	}
} else {
	delete_option( 'elo_calculator_settings' );
}
