<?php
/**
 * The ladders' REST routes, under elo-calculator/v1: the one way a ladder changes, for the admin page
 * (with WordPress's REST nonce: a request from another site, without it, is a logged-out one), a
 * club's own scripts (application passwords) and the tests. Each route's permission callback decides
 * who may; the changes themselves are in ladder-changes.php.
 *
 *   GET    /ladders                         the ladders (anyone who writes posts: the block's choice)
 *   POST   /ladders                         {name, system, k, ...}: a new ladder, with its slug and csv_url
 *   GET    /ladders/<slug>                  the ladder, its players, how many games it keeps (games_total) and
 *                                           the latest 200 of them (?per_page=, at most 1000; ?page=2: those before;
 *                                           ?search=: those of a player, by name or id, or of a date, 2026-09)
 *   PUT    /ladders/<slug>                  {name, system, k, ...}: its name or rules
 *   DELETE /ladders/<slug>                  the ladder, with its games and files
 *   POST   /ladders/<slug>/players          {id, name, rating, active}
 *   PUT    /ladders/<slug>/players          {id, name, rating, active}: a player's name, rating, active;
 *                                           {expect: {name: "Bob", ...}}: refused (409) unless the player is still so
 *   DELETE /ladders/<slug>/players          {id}: a player with no game on the ladder
 *   POST   /ladders/<slug>/games            {date, white, black, result, pool}: {id, ..., again}, `again` the games
 *                                           the ladder had already with the same date, players, result and pool
 *   PUT    /ladders/<slug>/games/<id>       what changes of a game; {expect: {result: "1-0", ...}}: refused (409)
 *                                           unless the game is still so (another keeper changed it since)
 *   DELETE /ladders/<slug>/games/<id>       deleted, and kept to be restored; {expect: ...} as PUT's
 *   POST   /ladders/<slug>/games/<id>/restore
 *   POST   /ladders/<slug>/import           {games, players, new_players}: a club's files, all or nothing: {games,
 *                                           players, repeated, import}, `import` the id its Undo takes (null when
 *                                           it changed nothing)
 *   DELETE /ladders/<slug>/import/<id>      the import undone: {games, players, restored, kept, kept_total}
 *   GET    /ladders/<slug>/history          who changed what, when
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

const ELO_CALCULATOR_REST = 'elo-calculator/v1';

/** The routes. */
function elo_calculator_rest_routes() {
	$ladder = '/ladders/(?P<slug>[a-z0-9-]{1,80})';
	$game   = $ladder . '/games/(?P<id>\d{1,18})';
	$routes = array(
		'/ladders'                  => array(
			'GET'  => array( 'elo_calculator_rest_list', 'elo_calculator_rest_may_read' ),
			'POST' => array( 'elo_calculator_rest_create', 'elo_calculator_rest_may_create' ),
		),
		$ladder                     => array(
			'GET'    => array( 'elo_calculator_rest_get', 'elo_calculator_rest_may_read' ),
			'PUT'    => array( 'elo_calculator_rest_update', 'elo_calculator_rest_may_keep' ),
			'DELETE' => array( 'elo_calculator_rest_delete', 'elo_calculator_rest_may_keep' ),
		),
		$ladder . '/players'        => array(
			'POST'   => array( 'elo_calculator_rest_player', 'elo_calculator_rest_may_keep' ),
			'PUT'    => array( 'elo_calculator_rest_player', 'elo_calculator_rest_may_keep' ),
			'DELETE' => array( 'elo_calculator_rest_player', 'elo_calculator_rest_may_keep' ),
		),
		$ladder . '/games'          => array( 'POST' => array( 'elo_calculator_rest_game', 'elo_calculator_rest_may_keep' ) ),
		$game                       => array(
			'PUT'    => array( 'elo_calculator_rest_game', 'elo_calculator_rest_may_keep' ),
			'DELETE' => array( 'elo_calculator_rest_game', 'elo_calculator_rest_may_keep' ),
		),
		$game . '/restore'          => array( 'POST' => array( 'elo_calculator_rest_game', 'elo_calculator_rest_may_keep' ) ),
		$ladder . '/import'         => array( 'POST' => array( 'elo_calculator_rest_import', 'elo_calculator_rest_may_keep' ) ),
		$ladder . '/import/(?P<id>\d{1,18})' => array( 'DELETE' => array( 'elo_calculator_rest_undo_import', 'elo_calculator_rest_may_keep' ) ),
		$ladder . '/history'        => array( 'GET' => array( 'elo_calculator_rest_history', 'elo_calculator_rest_may_keep' ) ),
	);
	foreach ( $routes as $route => $methods ) {
		$endpoints = array();
		foreach ( $methods as $method => list( $callback, $permission ) ) {
			$endpoints[] = array(
				'methods'             => $method,
				'callback'            => 'GET' === $method ? $callback : function ( $request ) use ( $callback ) {
					// A change whose files cannot be written is refused before anything is kept.
					$ladder = elo_calculator_ladder( (string) elo_calculator_url_param( $request, 'slug' ) );
					return elo_calculator_files_ready( $ladder ? elo_calculator_folder( $ladder ) : null ) ? call_user_func( $callback, $request ) : elo_calculator_refuse( '', __( 'Nothing was changed: the web server cannot write the ladders\' files in the site\'s uploads folder (wp-content/uploads/elo-calculator). Ask your host to make wp-content/uploads writable, as the Media Library needs it too.', 'elo-calculator' ), 500 );
				},
				'permission_callback' => $permission,
			);
		}
		register_rest_route( ELO_CALCULATOR_REST, $route, $endpoints );
	}
}

/**
 * A part of the route's address (the slug, a game's id): from the address only, never
 * from the body or the query, which WordPress would otherwise let override it.
 *
 * @param WP_REST_Request $request The request.
 * @param string          $name    slug or id.
 * @return string|null
 */
function elo_calculator_url_param( $request, $name ) {
	$params = $request->get_url_params();
	return isset( $params[ $name ] ) ? (string) $params[ $name ] : null;
}

/**
 * The request's ladder, or why there is none (404).
 *
 * @param WP_REST_Request $request The request.
 * @return array<string, mixed>|WP_Error
 */
function elo_calculator_rest_ladder( $request ) {
	$ladder = elo_calculator_ladder( (string) elo_calculator_url_param( $request, 'slug' ) );
	return $ladder ? $ladder : elo_calculator_no_ladder();
}

/**
 * Reading ladders: anyone who writes posts (the block's ladder choice), and keepers.
 *
 * @param WP_REST_Request $request The request.
 * @return bool|WP_Error
 */
function elo_calculator_rest_may_read( $request ) {
	if ( ! current_user_can( 'edit_posts' ) && ! elo_calculator_keeps_any() ) {
		return elo_calculator_refuse( '', __( 'Only the site\'s authors and the ladders\' keepers read the ladders here; visitors see them on the site\'s pages.', 'elo-calculator' ), rest_authorization_required_code() );
	}
	if ( null === elo_calculator_url_param( $request, 'slug' ) ) {
		return true;
	}
	$ladder = elo_calculator_rest_ladder( $request );
	return is_wp_error( $ladder ) ? $ladder : true;
}

/**
 * Creating a ladder: those who keep ladders.
 *
 * @return bool|WP_Error
 */
function elo_calculator_rest_may_create() {
	return elo_calculator_keeps_any() ? true : elo_calculator_refuse( '', __( 'You may not keep ladders: an administrator gives that to Editors and to any role.', 'elo-calculator' ), rest_authorization_required_code() );
}

/**
 * Changing a ladder: its owner who keeps ladders, or one who keeps every ladder (403 to others; 404
 * for a slug no ladder has, to those who keep ladders).
 *
 * @param WP_REST_Request $request The request.
 * @return bool|WP_Error
 */
function elo_calculator_rest_may_keep( $request ) {
	$may = elo_calculator_rest_may_create();
	if ( is_wp_error( $may ) ) {
		return $may;
	}
	$ladder = elo_calculator_rest_ladder( $request );
	if ( is_wp_error( $ladder ) ) {
		return $ladder;
	}
	return elo_calculator_may_keep( $ladder ) ? true : elo_calculator_refuse( '', __( 'This ladder is kept by another user: only they and the club\'s editors may change it.', 'elo-calculator' ), 403 );
}

/**
 * GET /ladders.
 *
 * @return WP_REST_Response
 */
function elo_calculator_rest_list() {
	return rest_ensure_response( array_map( 'elo_calculator_ladder_out', elo_calculator_ladders() ) );
}

/**
 * POST /ladders.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_create( $request ) {
	$ladder = elo_calculator_create_ladder( (array) $request->get_params() );
	if ( is_wp_error( $ladder ) ) {
		return $ladder;
	}
	$response = rest_ensure_response( elo_calculator_ladder_out( $ladder, true ) );
	$response->set_status( 201 );
	return $response;
}

/**
 * GET /ladders/<slug>: with whether the current user may change it, and a page of its games (`page`, `per_page`).
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_get( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	$games  = is_wp_error( $ladder ) ? $ladder : elo_calculator_rest_games_query( $request );
	return is_wp_error( $games ) ? $games : rest_ensure_response( elo_calculator_ladder_out( $ladder, true, $games ) + array( 'may_keep' => elo_calculator_may_keep( $ladder ) ) );
}

/**
 * Which games a read asks for: `page` (1, the latest, to ELO_CALCULATOR_MAX_GAMES) and `per_page` (1 to
 * ELO_CALCULATOR_GAMES_MOST_PER_PAGE), each a whole number, and `search` (a player's name or id, or a date's start:
 * elo_calculator_games_where); what is not sent is elo_calculator_ladder_out's default.
 *
 * @param WP_REST_Request $request The request.
 * @return array<string, mixed>|WP_Error
 */
function elo_calculator_rest_games_query( $request ) {
	$query = array();
	foreach ( array( 'page' => ELO_CALCULATOR_MAX_GAMES, 'per_page' => ELO_CALCULATOR_GAMES_MOST_PER_PAGE ) as $name => $most ) {
		$sent = $request[ $name ];
		if ( null === $sent ) {
			continue;
		}
		$number = is_int( $sent ) || ( is_string( $sent ) && 1 === preg_match( '/^\d{1,9}\z/', $sent ) ) ? (int) $sent : 0;
		if ( $number < 1 || $number > $most ) {
			/* translators: %d: the largest number. */
			return elo_calculator_refuse( $name, sprintf( __( 'a whole number from 1 to %d.', 'elo-calculator' ), $most ) );
		}
		$query[ $name ] = $number;
	}
	$search = $request['search'];
	if ( null !== $search && ( ! is_string( $search ) || mb_strlen( $search, 'UTF-8' ) > ELO_CALCULATOR_MAX_NAME ) ) {
		/* translators: %d: the most characters. */
		return elo_calculator_refuse( 'search', sprintf( __( 'at most %d characters.', 'elo-calculator' ), ELO_CALCULATOR_MAX_NAME ) );
	}
	$query['search'] = null === $search ? '' : $search;
	return $query;
}

/**
 * PUT /ladders/<slug>.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_update( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	$sent   = (array) $request->get_params();
	$ladder = is_wp_error( $ladder ) ? $ladder : elo_calculator_in_turn( $ladder, function ( $ladder ) use ( $sent ) {
		return elo_calculator_update_ladder( $ladder, $sent );
	} );
	return is_wp_error( $ladder ) ? $ladder : rest_ensure_response( elo_calculator_ladder_out( $ladder, true ) );
}

/**
 * DELETE /ladders/<slug>.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_delete( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	if ( is_wp_error( $ladder ) ) {
		return $ladder; // deleted since the permission was checked
	}
	$deleted = elo_calculator_in_turn( $ladder, function ( $ladder ) {
		return elo_calculator_delete_ladder( $ladder );
	} );
	if ( is_wp_error( $deleted ) ) {
		return $deleted;
	}
	return rest_ensure_response( array( 'deleted' => true, 'slug' => $ladder['slug'] ) );
}

/**
 * POST /ladders/<slug>/players (a new player), PUT (a player's, by the id sent), DELETE (the player of the id sent).
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_player( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	$method = $request->get_method();
	$code   = 'POST' !== $method ? $request['id'] : null;
	$code   = is_int( $code ) ? (string) $code : $code; // a FIDE id sent as a JSON number, as POST and a game take it
	if ( is_wp_error( $ladder ) || ( 'POST' !== $method && ! is_string( $code ) ) ) {
		return is_wp_error( $ladder ) ? $ladder : elo_calculator_refuse( 'id', __( 'the ladder has no such player.', 'elo-calculator' ), 404 );
	}
	$sent   = (array) $request->get_params();
	$player = elo_calculator_in_turn( $ladder, function ( $ladder ) use ( $sent, $code, $method ) {
		return 'DELETE' === $method ? elo_calculator_remove_player( $ladder, $code ) : elo_calculator_put_player( $ladder, $sent, $code );
	} );
	if ( is_wp_error( $player ) || null !== $code ) {
		return $player;
	}
	$response = rest_ensure_response( $player );
	$response->set_status( 201 );
	return $response;
}

/**
 * POST /games, PUT and DELETE /games/<id>, POST /games/<id>/restore.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_game( $request ) {
	$id   = elo_calculator_url_param( $request, 'id' );
	$id   = null === $id ? null : (int) $id;
	$sent = (array) $request->get_params();
	if ( 'DELETE' === $request->get_method() ) {
		$sent = null;
	} elseif ( '/restore' === substr( $request->get_route(), -8 ) ) {
		$sent = 'restore';
	}
	$expect = null === $id ? null : $request['expect']; // an edit's or delete's: the game as the page last saw it
	$ladder = elo_calculator_rest_ladder( $request );
	$game   = is_wp_error( $ladder ) ? $ladder : elo_calculator_in_turn( $ladder, function ( $ladder ) use ( $sent, $id, $expect ) {
		return elo_calculator_put_game( $ladder, $sent, $id, $expect );
	} );
	if ( is_wp_error( $game ) || null !== $id ) {
		return $game;
	}
	$response = rest_ensure_response( $game );
	$response->set_status( 201 );
	return $response;
}

/**
 * POST /ladders/<slug>/import: `games` (the results file's text) and `players` (optional).
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_import( $request ) {
	$games   = $request['games'];
	$players = null === $request['players'] ? '' : $request['players'];
	if ( ! is_string( $games ) || ! is_string( $players ) ) {
		return elo_calculator_refuse( is_string( $games ) ? 'players' : 'games', __( 'the file\'s text.', 'elo-calculator' ) );
	}
	$adding = null === $request['new_players'] || rest_sanitize_boolean( $request['new_players'] );
	$ladder = elo_calculator_rest_ladder( $request );
	$done   = is_wp_error( $ladder ) ? $ladder : elo_calculator_import( $ladder, $games, $players, $adding );
	return is_wp_error( $done ) ? $done : rest_ensure_response( $done );
}

/**
 * DELETE /ladders/<slug>/import/<id>: the import undone.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_undo_import( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	$done   = is_wp_error( $ladder ) ? $ladder : elo_calculator_undo_import( $ladder, (int) elo_calculator_url_param( $request, 'id' ) );
	return is_wp_error( $done ) ? $done : rest_ensure_response( $done );
}

/**
 * GET /ladders/<slug>/history.
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response|WP_Error
 */
function elo_calculator_rest_history( $request ) {
	$ladder = elo_calculator_rest_ladder( $request );
	return is_wp_error( $ladder ) ? $ladder : rest_ensure_response( elo_calculator_history( $ladder['id'] ) );
}
