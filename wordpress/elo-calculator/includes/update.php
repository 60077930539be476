<?php
/**
 * An update keeps the previous version's static files. WordPress replaces a plugin's folder whole,
 * but a visitor whose page is open during the update still fetches the old version's files
 * (site/static/<hash>/..., each name kept by its content, so a browser never mixes versions): the
 * new folder gets the current version's static folders too, as HOSTING.md asks a webmaster to keep
 * them. Only one version back: what the current version itself kept is dropped.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

const ELO_CALCULATOR_KEPT = 'previous-static.txt';

/**
 * The static folders of a site/static/ folder, by their path there ("0123abcd", "pyodide/314.0.7-...").
 *
 * @param string $static A static/ folder, ending in "/".
 * @return string[]
 */
function elo_calculator_static_folders( $static ) {
	$folders = array();
	foreach ( array_merge( glob( $static . '*', GLOB_ONLYDIR ), glob( $static . 'pyodide/*', GLOB_ONLYDIR ) ) as $path ) {
		$folder = substr( $path, strlen( $static ) );
		if ( 'pyodide' !== $folder ) {
			$folders[] = $folder;
		}
	}
	return $folders;
}

/**
 * The upgrader_source_selection filter: before WordPress moves an unpacked update of this plugin
 * into place, copy the installed version's own static folders into it.
 *
 * @param string|WP_Error $source The unpacked package's folder.
 * @return string|WP_Error The same folder.
 */
function elo_calculator_keep_previous_static( $source ) {
	global $wp_filesystem;
	$new = is_string( $source ) ? trailingslashit( $source ) : '';
	$old = plugin_dir_path( ELO_CALCULATOR_FILE );
	if ( '' === $new || ! is_file( $new . 'elo-calculator.php' ) || ! is_dir( $new . 'site/static' ) || ! is_dir( $old . 'site/static' )
		|| ! $wp_filesystem || realpath( $new ) === realpath( $old ) ) {
		return $source; // Another plugin or theme, or nothing to keep.
	}
	$kept_before = is_readable( $old . ELO_CALCULATOR_KEPT ) ? file( $old . ELO_CALCULATOR_KEPT, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
	$kept        = array();
	foreach ( elo_calculator_static_folders( $old . 'site/static/' ) as $folder ) {
		$to = $new . 'site/static/' . $folder;
		if ( in_array( $folder, $kept_before, true ) || file_exists( $to ) ) {
			continue;
		}
		if ( $wp_filesystem->mkdir( $to, FS_CHMOD_DIR ) && true === copy_dir( $old . 'site/static/' . $folder, $to ) ) {
			$kept[] = $folder;
		}
	}
	$wp_filesystem->put_contents( $new . ELO_CALCULATOR_KEPT, implode( "\n", $kept ) . "\n", FS_CHMOD_FILE );
	return $source;
}
