<?php
/**
 * Settings, Elo calculator: the site's defaults for every calculator, where the calculator is
 * served from, and the host's self-test (includes/self-test.php). One option holds it all:
 * elo_calculator_settings (uninstall.php removes it).
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

const ELO_CALCULATOR_OPTION = 'elo_calculator_settings';

/**
 * The saved settings over their defaults: no default for system, language, theme and accent
 * (the calculator's own), served from this site.
 *
 * @return array{system: string, lang: string, theme: string, accent: string, source: string, copy_url: string, delete_ladders: string}
 */
function elo_calculator_settings() {
	$saved = get_option( ELO_CALCULATOR_OPTION, array() );
	$base  = array(
		'system'   => '',
		'lang'     => '',
		'theme'    => '',
		'accent'   => '',
		'source'   => 'site',
		'copy_url' => '',
		// 'yes': uninstalling the plugin deletes the ladders kept on the site (uninstall.php); '' keeps them.
		'delete_ladders' => '',
	);
	$settings = array_merge( $base, array_intersect_key( is_array( $saved ) ? $saved : array(), $base ) );
	// An address saved by an earlier version may be http:// or end in embed.js/: read as today's would be.
	$settings['copy_url'] = (string) elo_calculator_copy_folder( (string) $settings['copy_url'] );
	return $settings;
}

/**
 * The other copy's folder when the calculator is served from it; empty when served from this site.
 *
 * @return string
 */
function elo_calculator_copy_in_use() {
	$settings = elo_calculator_settings();
	return 'copy' === $settings['source'] ? $settings['copy_url'] : '';
}

/**
 * The other copy's folder from its address: https:// only (its script runs in the site's pages and
 * in the block editor); the snippet's own address (.../embed.js), a query or a fragment is taken
 * back to the folder, which ends in "/".
 *
 * @param string $address The address as typed.
 * @return string|null The folder's address; null when the address is not an https:// one.
 */
function elo_calculator_copy_folder( $address ) {
	// As a browser trims what is pasted (a no-break space too); then no space, backslash or user name
	// anywhere: `https://trusted.org\@evil.com/` is evil.com to PHP and trusted.org to a browser.
	$address = elo_calculator_js_trim( (string) $address );
	if ( null === $address || 1 === preg_match( '/[\s\\\\@]/u', $address ) ) {
		return null;
	}
	$parts = wp_parse_url( esc_url_raw( $address, array( 'https' ) ) );
	if ( empty( $parts['scheme'] ) || 'https' !== strtolower( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return null;
	}
	if ( isset( $parts['port'] ) && ( $parts['port'] < 1 || $parts['port'] > 65535 ) ) {
		return null;
	}
	$path = preg_replace( '/\/embed\.js\/?\z/i', '/', isset( $parts['path'] ) ? $parts['path'] : '/' );
	return trailingslashit( 'https://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ) . $path );
}

/**
 * What the form sent, made safe to keep: a default that embed.js would ignore is dropped with a
 * message that names it; the other copy's address must be an https:// one, or the previous source
 * and address are kept.
 *
 * @param mixed $input The form's values.
 * @return array<string, string>
 */
function elo_calculator_sanitize_settings( $input ) {
	$input = is_array( $input ) ? wp_unslash( $input ) : array();
	$clean = elo_calculator_clean_attributes( array_intersect_key( $input, array_flip( array( 'system', 'lang', 'theme', 'accent' ) ) ) );
	foreach ( array( 'system', 'lang', 'theme', 'accent' ) as $name ) {
		$typed = isset( $input[ $name ] ) ? trim( (string) $input[ $name ] ) : '';
		if ( '' !== $typed && ! isset( $clean[ $name ] ) ) {
			/* translators: 1: the setting's name, 2: what was typed. */
			add_settings_error( ELO_CALCULATOR_OPTION, 'elo-calculator-' . $name, sprintf( __( '%1$s: "%2$s" is not a value the calculator knows, so it was not saved.', 'elo-calculator' ), $name, esc_html( $typed ) ) );
		}
	}
	if ( isset( $input['keepers_shown'] ) && current_user_can( 'promote_users' ) ) {
		elo_calculator_save_keepers( isset( $input['keepers'] ) && is_array( $input['keepers'] ) ? $input['keepers'] : array() );
	}
	$source = isset( $input['source'] ) && 'copy' === $input['source'] ? 'copy' : 'site';
	$typed  = isset( $input['copy_url'] ) ? (string) elo_calculator_js_trim( (string) $input['copy_url'] ) : '';
	$url    = '' === $typed ? '' : elo_calculator_copy_folder( $typed );
	if ( null === $url ) {
		/* translators: %s: the address as typed. */
		add_settings_error( ELO_CALCULATOR_OPTION, 'elo-calculator-copy-url', sprintf( __( 'The other copy\'s address "%s" was not saved, and the calculator is still served from where it was: the address must start with https://, because the other copy\'s script runs in your pages and in the block editor.', 'elo-calculator' ), esc_html( $typed ) ) );
		$previous = elo_calculator_settings();
		$source   = $previous['source'];
		$url      = $previous['copy_url'];
	} elseif ( 'copy' === $source && '' === $url ) {
		add_settings_error( ELO_CALCULATOR_OPTION, 'elo-calculator-copy-url', __( 'Give the address of the other copy (starting with https://), or choose to serve the calculator from this site.', 'elo-calculator' ) );
	}
	return array_merge( array_fill_keys( array( 'system', 'lang', 'theme', 'accent' ), '' ), $clean, array(
		'source'         => '' === $url ? 'site' : $source,
		'copy_url'       => $url,
		'delete_ladders' => isset( $input['delete_ladders'] ) && 'yes' === $input['delete_ladders'] ? 'yes' : '',
	) );
}

/** The option, its page under Settings, and the link from the plugin's row. */
function elo_calculator_admin_init() {
	register_setting( 'elo_calculator', ELO_CALCULATOR_OPTION, array(
		'type'              => 'array',
		'sanitize_callback' => 'elo_calculator_sanitize_settings',
		'default'           => array(),
	) );
}

/** Settings, Elo calculator. */
function elo_calculator_admin_menu() {
	add_options_page( __( 'Elo calculator', 'elo-calculator' ), __( 'Elo calculator', 'elo-calculator' ), 'manage_options', 'elo-calculator', 'elo_calculator_settings_page' );
}

/**
 * One labelled choice of the form.
 *
 * @param string                $name    The setting.
 * @param string                $label   Its visible label.
 * @param array<string, string> $choices Values and their labels ('' first: the calculator's own).
 * @param string                $current The saved value.
 */
function elo_calculator_select( $name, $label, $choices, $current ) {
	$id = 'elo-calculator-' . $name;
	echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
	echo '<select id="' . esc_attr( $id ) . '" name="' . esc_attr( ELO_CALCULATOR_OPTION . '[' . $name . ']' ) . '">';
	foreach ( $choices as $value => $text ) {
		echo '<option value="' . esc_attr( $value ) . '"' . selected( $current, (string) $value, false ) . '>' . esc_html( $text ) . '</option>';
	}
	echo '</select></td></tr>';
}

/** The settings page: the defaults, the source, and the self-test. */
function elo_calculator_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$settings = elo_calculator_settings();
	$option   = ELO_CALCULATOR_OPTION;
	echo '<div class="wrap"><h1>' . esc_html__( 'Elo calculator', 'elo-calculator' ) . '</h1>';
	echo '<p>' . esc_html__( 'Put the calculator on a page with the "Elo calculator" block, or with the shortcode [elo_calculator]. These defaults apply to every calculator of the site; a block or a shortcode may set its own.', 'elo-calculator' ) . '</p>';
	settings_errors( $option );
	echo '<form method="post" action="options.php">';
	settings_fields( 'elo_calculator' );
	echo '<h2>' . esc_html__( 'Defaults', 'elo-calculator' ) . '</h2><table class="form-table" role="presentation">';
	$own = array( '' => __( 'The calculator\'s default', 'elo-calculator' ) );
	elo_calculator_select( 'system', __( 'Rating system', 'elo-calculator' ), $own + elo_calculator_systems(), $settings['system'] );
	elo_calculator_select( 'lang', __( 'Language', 'elo-calculator' ), array( '' => __( 'The visitor\'s language', 'elo-calculator' ) ) + elo_calculator_languages(), $settings['lang'] );
	elo_calculator_select( 'theme', __( 'Colours', 'elo-calculator' ), $own + elo_calculator_themes(), $settings['theme'] );
	echo '<tr><th scope="row"><label for="elo-calculator-accent">' . esc_html__( 'Accent colour', 'elo-calculator' ) . '</label></th><td>';
	echo '<input id="elo-calculator-accent" class="regular-text" name="' . esc_attr( $option ) . '[accent]" value="' . esc_attr( $settings['accent'] ) . '" aria-describedby="elo-calculator-accent-hint">';
	echo '<p class="description" id="elo-calculator-accent-hint">' . esc_html__( 'A colour such as #1f5fbf or teal; empty: the calculator\'s blue.', 'elo-calculator' ) . '</p></td></tr></table>';

	echo '<h2>' . esc_html__( 'Where the calculator is served from', 'elo-calculator' ) . '</h2>';
	echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Where the calculator is served from', 'elo-calculator' ) . '</legend>';
	echo '<p><label><input type="radio" name="' . esc_attr( $option ) . '[source]" value="site"' . checked( $settings['source'], 'site', false ) . '> ' . esc_html__( 'Serve from this site (the calculator\'s files come with the plugin; no one else is involved)', 'elo-calculator' ) . '</label></p>';
	echo '<p><label><input type="radio" name="' . esc_attr( $option ) . '[source]" value="copy"' . checked( $settings['source'], 'copy', false ) . '> ' . esc_html__( 'From another copy, such as your federation\'s', 'elo-calculator' ) . '</label></p>';
	echo '<p><label for="elo-calculator-copy-url">' . esc_html__( 'Address of the other copy (the folder that holds embed.js)', 'elo-calculator' ) . '</label><br>';
	echo '<input id="elo-calculator-copy-url" class="regular-text code" type="url" name="' . esc_attr( $option ) . '[copy_url]" value="' . esc_attr( $settings['copy_url'] ) . '" placeholder="https://elo.example.org/" aria-describedby="elo-calculator-copy-url-warning"></p>';
	echo '<div id="elo-calculator-copy-url-warning" class="notice notice-warning inline"><p>' . esc_html__( 'Warning: the other copy\'s script runs in every page with the calculator and in the block editor too, where it acts with the session of whoever is logged in, an administrator\'s included. Name only a host your club trusts, by an address starting with https://.', 'elo-calculator' ) . '</p></div></fieldset>';
	elo_calculator_keepers_section();
	echo '<h2>' . esc_html__( 'Ladders when the plugin is deleted', 'elo-calculator' ) . '</h2>';
	echo '<p><label><input type="checkbox" name="' . esc_attr( $option ) . '[delete_ladders]" value="yes"' . checked( $settings['delete_ladders'], 'yes', false ) . ' aria-describedby="elo-calculator-delete-ladders-hint"> ' . esc_html__( 'Delete the ladders (their games, players, history and files) when the plugin is deleted', 'elo-calculator' ) . '</label></p>';
	/* translators: %s: the Ladders page's address. */
	echo '<p class="description" id="elo-calculator-delete-ladders-hint">' . wp_kses( sprintf( __( 'Unticked (the default), deleting the plugin keeps them, and installing it again shows them again. Before deleting them, export each ladder\'s files from <a href="%s">Ladders</a>.', 'elo-calculator' ), esc_url( admin_url( 'admin.php?page=elo-calculator-ladders' ) ) ), array( 'a' => array( 'href' => true ) ) ) . '</p>';
	submit_button();
	echo '</form>';
	elo_calculator_upload_section();
	elo_calculator_self_test_section();
	echo '</div>';
}

/**
 * The roles that keep ladders (Elo calculator → Ladders): each role's capability to keep its own
 * ladders and every ladder, as the form ticked them. Administrators always keep every ladder.
 *
 * @param array<string, mixed> $ticked Role names to the capabilities ticked ('own', 'others').
 */
function elo_calculator_save_keepers( $ticked ) {
	foreach ( wp_roles()->role_objects as $name => $role ) {
		$given = 'administrator' === $name ? array( 'own' => 1, 'others' => 1 ) : ( isset( $ticked[ $name ] ) && is_array( $ticked[ $name ] ) ? $ticked[ $name ] : array() );
		$given['own'] = ! empty( $given['own'] ) || ! empty( $given['others'] ); // who keeps every ladder keeps their own
		foreach ( array( 'own' => ELO_CALCULATOR_KEEP, 'others' => ELO_CALCULATOR_KEEP_OTHERS ) as $key => $cap ) {
			if ( ! empty( $given[ $key ] ) ) {
				$role->add_cap( $cap );
			} elseif ( $role->has_cap( $cap ) ) {
				$role->remove_cap( $cap );
			}
		}
	}
}

/** Who keeps ladders: a row a role, its two capabilities ticked (for those who may change roles). */
function elo_calculator_keepers_section() {
	if ( ! current_user_can( 'promote_users' ) ) {
		return;
	}
	$option = ELO_CALCULATOR_OPTION;
	echo '<h2>' . esc_html__( 'Who keeps ladders', 'elo-calculator' ) . '</h2>';
	echo '<input type="hidden" name="' . esc_attr( $option ) . '[keepers_shown]" value="1">';
	echo '<table class="widefat striped" style="max-width:40em"><thead><tr><th scope="col">' . esc_html__( 'Role', 'elo-calculator' ) . '</th><th scope="col">' . esc_html__( 'Keeps the ladders they create', 'elo-calculator' ) . '</th><th scope="col">' . esc_html__( 'Keeps every ladder', 'elo-calculator' ) . '</th></tr></thead><tbody>';
	foreach ( wp_roles()->role_objects as $name => $role ) {
		$label = translate_user_role( wp_roles()->role_names[ $name ] );
		echo '<tr><th scope="row">' . esc_html( $label ) . '</th>';
		foreach ( array( 'own' => ELO_CALCULATOR_KEEP, 'others' => ELO_CALCULATOR_KEEP_OTHERS ) as $key => $cap ) {
			/* translators: 1: a role, such as Author, 2: the column, such as "Keeps every ladder". */
			$text = sprintf( __( '%1$s: %2$s', 'elo-calculator' ), $label, 'own' === $key ? __( 'Keeps the ladders they create', 'elo-calculator' ) : __( 'Keeps every ladder', 'elo-calculator' ) );
			echo '<td><input type="checkbox" name="' . esc_attr( $option . '[keepers][' . $name . '][' . $key . ']' ) . '" value="1" aria-label="' . esc_attr( $text ) . '"' . checked( $role->has_cap( $cap ), true, false ) . disabled( 'administrator', $name, false ) . '></td>';
		}
		echo '</tr>';
	}
	echo '</tbody></table>';
}

/**
 * The site's upload limit beside the size of the zip this version came in, before the next update:
 * WordPress's Upload Plugin takes a zip only up to upload_max_filesize and post_max_size (PHP's default
 * is 2 MB), and then shows PHP's bare message, which names neither the zip's size nor a way round it.
 */
function elo_calculator_upload_section() {
	$zip = is_numeric( ELO_CALCULATOR_ZIP_BYTES ) ? (int) ELO_CALCULATOR_ZIP_BYTES : 0;
	if ( $zip <= 0 ) {
		return; // The plugin's source, not a release: no zip.
	}
	$limit = wp_max_upload_size();
	echo '<h2>' . esc_html__( 'Installing an update', 'elo-calculator' ) . '</h2>';
	/* translators: 1: the site's upload limit, such as 2 MB, 2: the zip's size, such as 6.8 MB. */
	echo '<p>' . esc_html( sprintf( __( 'This site takes uploads up to %1$s; this version of the plugin came in a zip of %2$s.', 'elo-calculator' ), size_format( $limit ), size_format( $zip, 1 ) ) ) . '</p>';
	if ( $limit >= $zip ) {
		echo '<p>' . esc_html__( 'Enough for an update from Plugins, Add New, Upload Plugin, if the next version\'s zip is not much larger.', 'elo-calculator' ) . '</p>';
		return;
	}
	echo '<div class="notice notice-warning inline"><p>' . esc_html__( 'WordPress will refuse the next version\'s zip under Plugins, Add New, Upload Plugin: PHP then says only that the file exceeds upload_max_filesize. Any one of these gets round it:', 'elo-calculator' ) . '</p><ul>';
	echo '<li>' . esc_html__( 'Raise the limit in your hosting panel (its PHP settings): upload_max_filesize and post_max_size, both above the zip\'s size, such as 16M. Some hosts take them in a php.ini or .user.ini file instead.', 'elo-calculator' ) . '</li>';
	echo '<li>' . esc_html__( 'Or unzip the zip on your computer and upload its folder elo-calculator by SFTP (or FTP) into wp-content/plugins/, replacing the folder there.', 'elo-calculator' ) . '</li>';
	echo '<li>' . esc_html__( 'Or, where your server has WP-CLI:', 'elo-calculator' ) . ' <code>' . esc_html( 'wp plugin install elo-calculator-wordpress-<version>.zip --force' ) . '</code></li>';
	echo '</ul></div>';
}

/**
 * The calculator's colour schemes.
 *
 * @return array<string, string>
 */
function elo_calculator_themes() {
	return array(
		'light' => __( 'Light', 'elo-calculator' ),
		'dark'  => __( 'Dark', 'elo-calculator' ),
		'auto'  => __( 'As the visitor\'s device', 'elo-calculator' ),
	);
}

/**
 * The "Settings" link in the plugin's row on the Plugins page.
 *
 * @param string[] $links The row's links.
 * @return string[]
 */
function elo_calculator_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=elo-calculator' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'elo-calculator' ) . '</a>' );
	return $links;
}
