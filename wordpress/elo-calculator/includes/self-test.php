<?php
/**
 * The host's self-test on the settings page: the site fetches the plugin's own files over HTTP,
 * as a visitor's browser does, and says in plain words what the web server gets wrong (the
 * WebAssembly file's type, .mjs files blocked or mistyped, no compression) and how to fix it.
 * When the calculator is served from another copy, it fetches that copy's embed.js instead (the
 * address the settings hold, never one the request names).
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's file matching a pattern under site/, by its path there.
 *
 * @param string $pattern A glob under site/.
 * @return string|null
 */
function elo_calculator_site_file( $pattern ) {
	$site  = plugin_dir_path( ELO_CALCULATOR_FILE ) . 'site/';
	$found = glob( $site . $pattern );
	return $found ? substr( $found[0], strlen( $site ) ) : null;
}

/**
 * Fetch one of the calculator's files, compressed if the server will.
 *
 * @param string $url The file: one of the plugin's own, or the other copy's embed.js.
 * @param bool   $own Whether it is the plugin's own: the site asks itself, and a self-signed certificate
 *                    is no fault of the host's here. The other copy's is fetched as any outside address
 *                    (wp_safe_remote_get: its certificate checked, no address of the local network).
 * @return array{status: int, type: string, encoding: string}|WP_Error
 */
function elo_calculator_fetch( $url, $own ) {
	$args   = array(
		'timeout'             => 20,
		'headers'             => array( 'Accept-Encoding' => 'gzip' ),
		'decompress'          => false,
		'limit_response_size' => 65536,
		'sslverify'           => ! $own,
	);
	$answer = $own ? wp_remote_get( $url, $args ) : wp_safe_remote_get( $url, $args );
	if ( is_wp_error( $answer ) ) {
		return $answer;
	}
	return array(
		'status'   => (int) wp_remote_retrieve_response_code( $answer ),
		'type'     => strtolower( trim( explode( ';', (string) wp_remote_retrieve_header( $answer, 'content-type' ) )[0] ) ),
		'encoding' => strtolower( (string) wp_remote_retrieve_header( $answer, 'content-encoding' ) ),
	);
}

/**
 * What the host gets wrong, in plain words with the fix; empty when all is well.
 *
 * @return string[]
 */
function elo_calculator_self_test() {
	$copy = elo_calculator_copy_in_use();
	if ( '' !== $copy ) {
		return elo_calculator_test_copy( $copy );
	}
	$wasm     = elo_calculator_site_file( 'static/pyodide/*/pyodide.asm.wasm' );
	$mjs      = elo_calculator_site_file( 'static/pyodide/*/pyodide.asm.mjs' );
	$problems = array();
	if ( null === $wasm || null === $mjs || null === elo_calculator_site_file( 'embed.js' ) ) {
		return array( __( 'The calculator\'s files are missing from the plugin\'s folder (site/). Upload the plugin\'s zip again, whole.', 'elo-calculator' ) );
	}
	$javascript = array( 'text/javascript', 'application/javascript' );
	foreach ( array( 'embed.js' => $javascript, $mjs => $javascript, $wasm => array( 'application/wasm' ) ) as $path => $types ) {
		$got = elo_calculator_fetch( plugins_url( 'site/' . $path, ELO_CALCULATOR_FILE ), true );
		if ( is_wp_error( $got ) ) {
			/* translators: %s: the error. */
			return array( sprintf( __( 'This site could not fetch its own files (%s). Some hosts block a site\'s requests to itself: open a page with the calculator instead and check that it shows a result.', 'elo-calculator' ), $got->get_error_message() ) );
		}
		$problems = array_merge( $problems, elo_calculator_judge( $path, $types, $got ) );
	}
	return $problems;
}

/**
 * What is wrong with the other copy the calculator is served from: its embed.js, the one file the
 * site's pages load from it, must be there and be a script (its other files are its host's to serve).
 *
 * @param string $copy The copy's folder, from the settings.
 * @return string[]
 */
function elo_calculator_test_copy( $copy ) {
	$url = $copy . 'embed.js';
	$got = elo_calculator_fetch( $url, false );
	if ( is_wp_error( $got ) ) {
		/* translators: 1: an address, 2: the error. */
		return array( sprintf( __( 'This site could not fetch the other copy\'s file %1$s (%2$s). Check the address in the settings above; if the file opens in a browser, your host may block this site\'s requests to other sites.', 'elo-calculator' ), $url, $got->get_error_message() ) );
	}
	if ( 200 !== $got['status'] ) {
		/* translators: 1: an address, 2: an HTTP status such as 404. */
		return array( sprintf( __( 'The other copy has no file %1$s (it answers %2$d): give the address of the folder that holds embed.js.', 'elo-calculator' ), $url, $got['status'] ) );
	}
	if ( ! in_array( $got['type'], array( 'text/javascript', 'application/javascript' ), true ) ) {
		/* translators: 1: an address, 2: "as "text/plain"" or "without a type". */
		return array( sprintf( __( 'Wrong MIME type: the other copy sends its file %1$s %2$s. Browsers run it only as text/javascript: tell whoever runs that copy.', 'elo-calculator' ), $url, elo_calculator_sent_as( $got['type'] ) ) );
	}
	return array();
}

/**
 * How a server sent a file, for a message: "as "text/plain"", or "without a type".
 *
 * @param string $type The Content-Type it sent ('' for none).
 * @return string
 */
function elo_calculator_sent_as( $type ) {
	/* translators: %s: a MIME type. */
	return '' === $type ? __( 'without a type', 'elo-calculator' ) : sprintf( __( 'as "%s"', 'elo-calculator' ), $type );
}

/**
 * The problems with one file's answer.
 *
 * @param string                                           $path  The file, under site/.
 * @param string[]                                         $types The types browsers accept for it.
 * @param array{status: int, type: string, encoding: string} $got What the server sent.
 * @return string[]
 */
function elo_calculator_judge( $path, $types, $got ) {
	$wasm = '.wasm' === substr( $path, -5 );
	if ( 200 !== $got['status'] ) {
		return array( sprintf(
			/* translators: 1: a file name, 2: an HTTP status such as 403. */
			__( 'Your web server refuses the calculator\'s file %1$s (it answers %2$d). Some hosts block file types they do not know, such as .mjs and .wasm: ask your host to serve them, or check that the plugin\'s folder was uploaded whole.', 'elo-calculator' ),
			basename( $path ),
			$got['status']
		) );
	}
	$problems = array();
	if ( ! in_array( $got['type'], $types, true ) ) {
		$sent       = elo_calculator_sent_as( $got['type'] );
		$problems[] = $wasm
			/* translators: %s: "as "text/plain"" or "without a type". */
			? sprintf( __( 'Wrong MIME type: your web server sends the calculator\'s WebAssembly file (.wasm) %s. Browsers need application/wasm, or the calculator shows its form but never a result. To fix it on Apache, keep the file .htaccess in the plugin\'s folder site/ (upload hidden files too) and let the host read it (AllowOverride FileInfo), or add the line "AddType application/wasm .wasm" to the server\'s configuration. On nginx, add the lines from the plugin\'s readme.', 'elo-calculator' ), $sent )
			/* translators: 1: a file name, 2: "as "text/plain"" or "without a type". */
			: sprintf( __( 'Wrong MIME type: your web server sends the calculator\'s script %1$s %2$s. Browsers run it only as text/javascript. To fix it on Apache, keep the plugin\'s .htaccess files, or add the line "AddType text/javascript .js .mjs" to the server\'s configuration. On nginx, add the lines from the plugin\'s readme.', 'elo-calculator' ), basename( $path ), $sent );
	}
	if ( $wasm && ! in_array( $got['encoding'], array( 'gzip', 'br' ), true ) ) {
		$problems[] = __( 'No compression: your web server sends the calculator\'s files uncompressed, so a first visit downloads about 12 MB instead of 4. The calculator works, only slower. To fix it on Apache, ask your host to enable mod_deflate (the plugin\'s .htaccess then uses it); on nginx, add the gzip lines from the plugin\'s readme.', 'elo-calculator' );
	}
	return $problems;
}

/** The self-test's part of the settings page: its button, and its findings once run. */
function elo_calculator_self_test_section() {
	$copy = elo_calculator_copy_in_use();
	echo '<h2 id="elo-calculator-self-test">' . esc_html__( 'Self-test', 'elo-calculator' ) . '</h2>';
	/* translators: %s: the other copy's address. */
	echo '<p>' . esc_html( '' === $copy ? __( 'Checks that your web server sends the calculator\'s files as browsers need them.', 'elo-calculator' ) : sprintf( __( 'Checks that the other copy the calculator is served from (%s) sends its embed.js as browsers need it.', 'elo-calculator' ), $copy ) ) . '</p>';
	echo '<form method="get" action="' . esc_url( admin_url( 'options-general.php' ) ) . '">';
	echo '<input type="hidden" name="page" value="elo-calculator"><input type="hidden" name="elo_calculator_self_test" value="1">';
	wp_nonce_field( 'elo_calculator_self_test', '_wpnonce', false );
	submit_button( __( 'Test this host', 'elo-calculator' ), 'secondary', 'submit', false );
	echo '</form>';
	if ( ! isset( $_GET['elo_calculator_self_test'] ) || ! check_admin_referer( 'elo_calculator_self_test' ) ) {
		return;
	}
	$problems = elo_calculator_self_test();
	echo '<div role="status" aria-labelledby="elo-calculator-findings"><h3 id="elo-calculator-findings">' . esc_html__( 'What the self-test found', 'elo-calculator' ) . '</h3><ul>';
	if ( ! $problems ) {
		echo '<li>' . esc_html( '' === $copy ? __( 'All is well: your web server sends the calculator\'s files with the right types, compressed.', 'elo-calculator' ) : __( 'All is well: the other copy sends its embed.js as browsers need it.', 'elo-calculator' ) ) . '</li>';
	}
	foreach ( $problems as $problem ) {
		echo '<li>' . esc_html( $problem ) . '</li>';
	}
	echo '</ul></div>';
}
