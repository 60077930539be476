<?php
/**
 * Run by WordPress when the plugin is deleted (not when it is deactivated): removes the plugin's
 * settings, on every site of a network. The ladders kept on a site (their tables, files, and the
 * capabilities to keep them) stay, unless the site's settings chose "delete the ladders": a club
 * that deletes the plugin to install it again keeps its results. Pages keep their shortcodes and
 * blocks as they were.
 *
 * @package elo-calculator
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** The plugin's data on the current site: its settings, and its ladders when the settings say so. */
function elo_calculator_uninstall_site() {
	global $wpdb;
	$settings = get_option( 'elo_calculator_settings', array() );
	delete_option( 'elo_calculator_settings' );
	if ( ! is_array( $settings ) || ! isset( $settings['delete_ladders'] ) || 'yes' !== $settings['delete_ladders'] ) {
		return;
	}
	foreach ( array( 'ladders', 'players', 'games', 'log' ) as $table ) {
		$wpdb->query( 'DROP TABLE IF EXISTS ' . $wpdb->prefix . 'elo_calculator_' . $table ); // phpcs:ignore WordPress.DB -- the plugin's own tables
	}
	delete_option( 'elo_calculator_db_version' );
	foreach ( wp_roles()->role_objects as $role ) {
		$role->remove_cap( 'elo_calculator_keep_ladders' );
		$role->remove_cap( 'elo_calculator_keep_others_ladders' );
	}
	$uploads = wp_upload_dir( null, false );
	$folder  = $uploads['basedir'] . '/elo-calculator';
	if ( ! is_dir( $folder ) ) {
		return;
	}
	try {
		$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $folder, FilesystemIterator::SKIP_DOTS ), RecursiveIteratorIterator::CHILD_FIRST );
		foreach ( $files as $file ) {
			if ( is_writable( dirname( $file->getPathname() ) ) ) {
				$file->isDir() ? rmdir( $file->getPathname() ) : unlink( $file->getPathname() );
			}
		}
		if ( is_writable( dirname( $folder ) ) && 2 === count( (array) scandir( $folder ) ) ) {
			rmdir( $folder );
		}
	} catch ( UnexpectedValueException $e ) {
		return; // a folder that cannot be read stays; the other sites' go on
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $elo_calculator_site ) {
		switch_to_blog( $elo_calculator_site );
		elo_calculator_uninstall_site();
		restore_current_blog();
	}
} else {
	elo_calculator_uninstall_site();
}
